import { Clock, Mail, Pencil, Phone, StickyNote, Trash2, User } from 'lucide-react';
import { addressTypeLabels, addressTypes, type AddressJson, type AddressType } from '@smista/contracts';
import { Badge, Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@smista/ui-kit';
import { t } from '../messages';
import { addressLines } from './address-form-values';

interface ListProps {
  addresses: AddressJson[];
  onEdit: (address: AddressJson) => void;
  onDelete: (address: AddressJson) => void;
}

/** The Default badge and the address-type badges (Italian labels, in the contract's order). */
function Badges({ address }: { address: AddressJson }) {
  const types = addressTypes.filter((type) => (address.addressTypes ?? []).includes(type));
  return (
    <div className="flex flex-wrap gap-1">
      {address.isDefault ? (
        <Badge variant="success" data-testid="address-default-badge">
          {t.addresses.defaultBadge}
        </Badge>
      ) : null}
      {types.map((type: AddressType) => (
        <Badge key={type} variant="secondary" data-testid="address-type-badge" data-type={type}>
          {addressTypeLabels[type]}
        </Badge>
      ))}
    </div>
  );
}

function Lines({ address }: { address: AddressJson }) {
  return (
    <div className="grid gap-0.5 text-sm" data-testid="address-lines">
      {addressLines(address).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </div>
  );
}

function Contacts({ address }: { address: AddressJson }) {
  return (
    <div className="grid gap-1 text-sm">
      {address.phone ? (
        <span className="flex items-center gap-1.5">
          <Phone className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
          {address.phone}
        </span>
      ) : null}
      {address.email ? (
        <span className="flex items-center gap-1.5 [overflow-wrap:anywhere]">
          <Mail className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
          {address.email}
        </span>
      ) : null}
    </div>
  );
}

function Extras({ address }: { address: AddressJson }) {
  return (
    <div className="grid gap-1 text-sm">
      {address.pickupHours ? (
        <span className="flex items-start gap-1.5" data-testid="address-pickup-hours">
          <Clock className="mt-0.5 h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="text-muted-foreground">{t.addresses.pickupHours}: </span>
            {address.pickupHours}
          </span>
        </span>
      ) : null}
      {address.notes ? (
        <span className="flex items-start gap-1.5" data-testid="address-notes">
          <StickyNote className="mt-0.5 h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="whitespace-pre-line">{address.notes}</span>
        </span>
      ) : null}
    </div>
  );
}

function Actions({ address, onEdit, onDelete }: { address: AddressJson } & Omit<ListProps, 'addresses'>) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => onEdit(address)} data-testid="address-edit">
        <Pencil aria-hidden />
        {t.addresses.edit}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(address)}
        data-testid="address-delete"
      >
        <Trash2 aria-hidden />
        {t.addresses.remove}
      </Button>
    </>
  );
}

/** Desktop: one table row per address. */
export function AddressTable({ addresses, onEdit, onDelete }: ListProps) {
  return (
    <Table data-testid="addresses-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>{t.addresses.columns.company}</TableHead>
          <TableHead>{t.addresses.columns.address}</TableHead>
          <TableHead>{t.addresses.columns.contacts}</TableHead>
          <TableHead className="text-right">{t.addresses.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {addresses.map((address) => (
          <TableRow key={address.id} data-testid="address-row" data-company={address.companyName ?? ''} data-id={address.id}>
            <TableCell className="min-w-40 align-top">
              <div className="grid gap-1.5">
                <span className="font-medium">{address.companyName}</span>
                <Badges address={address} />
                {address.contactPerson ? (
                  <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <User className="h-3.5 w-3.5" aria-hidden />
                    {address.contactPerson}
                  </span>
                ) : null}
              </div>
            </TableCell>
            <TableCell className="min-w-36 align-top">
              <Lines address={address} />
            </TableCell>
            <TableCell className="min-w-44 align-top">
              <div className="grid gap-2">
                <Contacts address={address} />
                <Extras address={address} />
              </div>
            </TableCell>
            <TableCell className="w-px align-top">
              <div className="flex flex-col items-stretch gap-2">
                <Actions address={address} onEdit={onEdit} onDelete={onDelete} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Under 768 px: one card per address. */
export function AddressCards({ addresses, onEdit, onDelete }: ListProps) {
  return (
    <ul className="grid gap-3" data-testid="addresses-cards">
      {addresses.map((address) => (
        <li
          key={address.id}
          className="grid gap-3 rounded-lg border border-border p-4"
          data-testid="address-card"
          data-company={address.companyName ?? ''}
          data-id={address.id}
        >
          <div className="grid gap-1.5">
            <span className="font-medium">{address.companyName}</span>
            <Badges address={address} />
          </div>
          {address.contactPerson ? (
            <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <User className="h-3.5 w-3.5" aria-hidden />
              {address.contactPerson}
            </span>
          ) : null}
          <Lines address={address} />
          <Contacts address={address} />
          <Extras address={address} />
          <div className="grid grid-cols-2 gap-2">
            <Actions address={address} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}
