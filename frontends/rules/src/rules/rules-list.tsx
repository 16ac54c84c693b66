import { AlertTriangle, Pencil, Trash2 } from 'lucide-react';
import { conditionsSummary, type CarrierIntegrationJson, type ShippingRuleJson } from '@smista/contracts';
import { Badge, Button, cn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@smista/ui-kit';
import { t } from '../messages';
import { carrierLook } from './rules-view';

interface ListProps {
  rules: ShippingRuleJson[];
  carriers: CarrierIntegrationJson[];
  onEdit: (rule: ShippingRuleJson) => void;
  onDelete: (rule: ShippingRuleJson) => void;
}

/** Spec §2: 'Attiva' / 'Disattiva'. */
function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant={active ? 'success' : 'secondary'} className="whitespace-nowrap" data-testid="rule-status" data-active={active}>
      {active ? t.status.active : t.status.inactive}
    </Badge>
  );
}

/** The rule's carrier by name whatever its state; marked when it cannot receive orders. */
function Carrier({ rule, carriers }: { rule: ShippingRuleJson; carriers: CarrierIntegrationJson[] }) {
  const look = carrierLook(rule.carrierIntegrationId, carriers);
  return (
    <div className="grid min-w-0 gap-0.5 text-sm" data-testid="rule-carrier" data-state={look.state}>
      <span className={cn('font-medium [overflow-wrap:anywhere]', look.state === 'deleted' && 'text-destructive')}>{look.name}</span>
      {look.provider && look.provider !== look.name ? <span className="text-xs text-muted-foreground">{look.provider}</span> : null}
      {look.state === 'inactive' ? (
        <span className="flex items-center gap-1 text-xs text-amber-700" title={t.carrier.inactiveHint}>
          <AlertTriangle className="h-3 w-3 shrink-0" aria-hidden />
          {t.carrier.inactive}
        </span>
      ) : null}
    </div>
  );
}

function Actions({ rule, onEdit, onDelete, stretch }: { rule: ShippingRuleJson; stretch?: boolean } & Pick<ListProps, 'onEdit' | 'onDelete'>) {
  return (
    <div className={cn('gap-2', stretch ? 'grid grid-cols-2' : 'flex justify-end')}>
      <Button variant="outline" size="sm" onClick={() => onEdit(rule)} aria-label={t.editLabel(rule.name)} data-testid="rule-edit">
        <Pencil aria-hidden />
        {t.edit}
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => onDelete(rule)}
        aria-label={t.removeLabel(rule.name)}
        data-testid="rule-delete"
      >
        <Trash2 aria-hidden />
        {t.remove}
      </Button>
    </div>
  );
}

/** Desktop: Priorità, Nome, Corriere, Condizioni, Stato, then edit and delete (spec §2). */
export function RulesTable({ rules, carriers, onEdit, onDelete }: ListProps) {
  return (
    <Table data-testid="rules-table">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-px">{t.columns.priority}</TableHead>
          <TableHead>{t.columns.name}</TableHead>
          <TableHead>{t.columns.carrier}</TableHead>
          <TableHead>{t.columns.conditions}</TableHead>
          <TableHead>{t.columns.status}</TableHead>
          <TableHead className="text-right">{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rules.map((rule) => (
          <TableRow key={rule.id} data-testid="rule-row" data-id={rule.id} data-name={rule.name} data-priority={rule.priority}>
            <TableCell className="text-center align-top font-semibold tabular-nums" data-testid="rule-priority">
              {rule.priority}
            </TableCell>
            <TableCell className="min-w-36 align-top font-medium [overflow-wrap:anywhere]" data-testid="rule-name">
              {rule.name}
            </TableCell>
            <TableCell className="min-w-36 align-top">
              <Carrier rule={rule} carriers={carriers} />
            </TableCell>
            <TableCell className="min-w-52 align-top text-sm" data-testid="rule-conditions">
              {conditionsSummary(rule.conditions)}
            </TableCell>
            <TableCell className="align-top">
              <StatusBadge active={rule.active} />
            </TableCell>
            <TableCell className="w-px align-top">
              <Actions rule={rule} onEdit={onEdit} onDelete={onDelete} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Under 768 px: one card per rule, in the same order. */
export function RuleCards({ rules, carriers, onEdit, onDelete }: ListProps) {
  return (
    <ul className="grid gap-3" data-testid="rules-cards">
      {rules.map((rule) => (
        <li
          key={rule.id}
          className="grid min-w-0 gap-3 rounded-lg border border-border p-4"
          data-testid="rule-card"
          data-id={rule.id}
          data-name={rule.name}
          data-priority={rule.priority}
        >
          <div className="flex items-start gap-3">
            <span
              className="flex h-8 min-w-8 shrink-0 items-center justify-center rounded-full bg-secondary px-2 text-sm font-semibold tabular-nums"
              aria-label={t.priorityShort(rule.priority)}
              data-testid="rule-priority"
            >
              {rule.priority}
            </span>
            <span className="min-w-0 flex-1 pt-1 font-medium [overflow-wrap:anywhere]" data-testid="rule-name">
              {rule.name}
            </span>
            <StatusBadge active={rule.active} />
          </div>
          <dl className="grid gap-2 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t.columns.carrier}</dt>
              <dd className="min-w-0">
                <Carrier rule={rule} carriers={carriers} />
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{t.columns.conditions}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid="rule-conditions">
                {conditionsSummary(rule.conditions)}
              </dd>
            </div>
          </dl>
          <Actions rule={rule} onEdit={onEdit} onDelete={onDelete} stretch />
        </li>
      ))}
    </ul>
  );
}
