import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast, Button, FormField, Input, Tabs, TabsContent, TabsList, TabsTrigger, Textarea } from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { checkManualCodes, checkRange, codeExamples, splitTrackingCodes, usesS10, type CheckedCodes } from './code-input';
import { useAddCodes } from './tracking-codes-api';

type AddMethod = 'manual' | 'range';

/**
 * 'Aggiungi Codici' (spec §5): by hand (newline or comma separated) or by range (DA/A). The empty
 * cases are refused here with the spec's texts; the server checks the codes themselves (format,
 * duplicates, S10 check digits, range size) and its refusal shows as the toast's text.
 */
export function AddCodesPanel({ merchantId, integrationId, carrierCode }: { merchantId: string; integrationId: string; carrierCode: string }) {
  const [method, setMethod] = useState<AddMethod>('manual');
  const [manual, setManual] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const add = useAddCodes(merchantId, integrationId);
  const examples = codeExamples(carrierCode);
  const count = splitTrackingCodes(manual).length;

  const send = (checked: CheckedCodes, clear: () => void) => {
    if (!checked.ok) {
      toast({ title: t.codes.validationTitle, description: checked.message, variant: 'destructive' });
      return;
    }
    add.mutate(checked.body, {
      onSuccess: (res) => {
        toast({ title: t.codes.added, description: res.message });
        clear();
      },
      onError: (error) => toast({ title: t.codes.addFailed, description: serverMessage(error), variant: 'destructive' }),
    });
  };

  const submitManual = (e: FormEvent) => {
    e.preventDefault();
    send(checkManualCodes(manual), () => setManual(''));
  };
  const submitRange = (e: FormEvent) => {
    e.preventDefault();
    send(checkRange(from, to), () => {
      setFrom('');
      setTo('');
    });
  };

  return (
    <Tabs value={method} onValueChange={(v) => setMethod(v as AddMethod)} data-testid="add-codes">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="manual" className="flex-1 sm:flex-none" data-testid="add-codes-manual">
          {t.codes.manual}
        </TabsTrigger>
        <TabsTrigger value="range" className="flex-1 sm:flex-none" data-testid="add-codes-range">
          {t.codes.range}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="manual" className="mt-4">
        <form className="grid gap-3" noValidate onSubmit={submitManual} data-testid="add-codes-manual-form">
          <FormField id="codes-manual" label={t.codes.manualLabel}>
            <Textarea
              id="codes-manual"
              rows={6}
              className="font-mono"
              placeholder={examples.manual}
              value={manual}
              onChange={(e) => setManual(e.target.value)}
              aria-describedby="codes-manual-hint"
              disabled={add.isPending}
            />
          </FormField>
          <p id="codes-manual-hint" className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span>{t.codes.manualHint}</span>
            <span data-testid="codes-manual-count">{t.codes.manualCount(count)}</span>
          </p>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto" data-testid="add-codes-submit">
              <Plus aria-hidden />
              {add.isPending ? t.codes.adding : t.codes.add}
            </Button>
          </div>
        </form>
      </TabsContent>
      <TabsContent value="range" className="mt-4">
        <form className="grid gap-3" noValidate onSubmit={submitRange} data-testid="add-codes-range-form">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="codes-from" label={t.codes.fromLabel}>
              <Input id="codes-from" className="font-mono" autoComplete="off" placeholder={examples.from} value={from} onChange={(e) => setFrom(e.target.value)} disabled={add.isPending} />
            </FormField>
            <FormField id="codes-to" label={t.codes.toLabel}>
              <Input id="codes-to" className="font-mono" autoComplete="off" placeholder={examples.to} value={to} onChange={(e) => setTo(e.target.value)} disabled={add.isPending} />
            </FormField>
          </div>
          <p className="text-xs text-muted-foreground">{usesS10(carrierCode) ? t.codes.rangeHintS10 : t.codes.rangeHint}</p>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending} className="w-full sm:w-auto" data-testid="add-codes-submit">
              <Plus aria-hidden />
              {add.isPending ? t.codes.adding : t.codes.add}
            </Button>
          </div>
        </form>
      </TabsContent>
    </Tabs>
  );
}
