import { useRef } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Eye, RotateCcw, Send } from 'lucide-react';
import {
  buyerMailKindHints,
  buyerMailKindLabels,
  buyerMailPlaceholders,
  buyerMailTexts as texts,
  defaultBuyerMailTemplates,
  type BuyerMailKind,
} from '@smista/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, fieldAria, FormField, Input, Label, Spinner, Switch, Textarea } from '@smista/ui-kit';
import { insertAtCursor, placeholderToken, type BuyerMailFormValues } from './buyer-mail-form';

const PLACEHOLDER_NAMES = Object.keys(buyerMailPlaceholders) as (keyof typeof buyerMailPlaceholders)[];

/**
 * One kind of e-mail: its label and when it goes out, its switch, Oggetto and Testo, the
 * placeholders (a click puts one where the cursor was, in the subject or the text), 'Ripristina
 * testo predefinito', 'Anteprima' and 'Invia una prova' with whom the test reaches.
 */
export function KindCard({
  kind,
  form,
  canEdit,
  customised,
  testRecipient,
  previewing,
  testing,
  onPreview,
  onTest,
}: {
  kind: BuyerMailKind;
  form: UseFormReturn<BuyerMailFormValues>;
  canEdit: boolean;
  customised: boolean;
  testRecipient: string;
  previewing: boolean;
  testing: boolean;
  onPreview: () => void;
  onTest: () => void;
}) {
  const subjectPath = `templates.${kind}.subject` as const;
  const bodyPath = `templates.${kind}.body` as const;
  const enabledPath = `templates.${kind}.enabled` as const;
  const errors = form.formState.errors.templates?.[kind];
  const subjectError = errors?.subject?.message;
  const bodyError = errors?.body?.message;
  const subjectElement = useRef<HTMLInputElement | null>(null);
  const bodyElement = useRef<HTMLTextAreaElement | null>(null);
  // Where a placeholder goes: the field last written in (the text until one is).
  const lastField = useRef<'subject' | 'body'>('body');
  const subject = form.register(subjectPath);
  const body = form.register(bodyPath);
  const id = (name: string) => `buyer-mail-${kind}-${name}`;
  const dirtyOptions = { shouldDirty: true, shouldValidate: form.formState.isSubmitted || Boolean(subjectError || bodyError) } as const;

  const insert = (name: string) => {
    const target = lastField.current;
    const element = target === 'subject' ? subjectElement.current : bodyElement.current;
    const path = target === 'subject' ? subjectPath : bodyPath;
    const next = insertAtCursor(form.getValues(path), element?.selectionStart ?? null, element?.selectionEnd ?? null, placeholderToken(name));
    form.setValue(path, next.text, dirtyOptions);
    if (element) {
      element.focus();
      element.setSelectionRange(next.cursor, next.cursor);
    }
  };

  const restore = () => {
    form.setValue(subjectPath, defaultBuyerMailTemplates[kind].subject, dirtyOptions);
    form.setValue(bodyPath, defaultBuyerMailTemplates[kind].body, dirtyOptions);
  };

  return (
    <Card data-testid="buyer-mail-kind" data-kind={kind}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        {/* The title wraps above the switch on a phone rather than squeezing into a narrow column. */}
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            {buyerMailKindLabels[kind]}
            {customised ? <Badge variant="secondary">{texts.customised}</Badge> : null}
          </CardTitle>
          <CardDescription>{buyerMailKindHints[kind]}</CardDescription>
        </div>
        <Controller
          control={form.control}
          name={enabledPath}
          render={({ field }) => (
            <div className="flex shrink-0 items-center gap-2">
              <Switch id={id('enabled')} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={!canEdit} data-testid="buyer-mail-kind-enabled" />
              <Label htmlFor={id('enabled')}>{texts.kindEnabled}</Label>
            </div>
          )}
        />
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField id={id('subject')} label={texts.subject} error={subjectError}>
          <Input
            id={id('subject')}
            autoComplete="off"
            disabled={!canEdit}
            {...subject}
            ref={(element) => {
              subject.ref(element);
              subjectElement.current = element;
            }}
            onFocus={() => (lastField.current = 'subject')}
            {...fieldAria(id('subject'), subjectError)}
            data-testid="buyer-mail-subject"
          />
        </FormField>
        <FormField id={id('body')} label={texts.body} error={bodyError}>
          <Textarea
            id={id('body')}
            rows={9}
            // As tall as its text (within bounds), so the whole e-mail reads without a scroll of its own.
            className="max-h-[32rem] min-h-40 [field-sizing:content]"
            disabled={!canEdit}
            {...body}
            ref={(element) => {
              body.ref(element);
              bodyElement.current = element;
            }}
            onFocus={() => (lastField.current = 'body')}
            {...fieldAria(id('body'), bodyError)}
            data-testid="buyer-mail-body"
          />
        </FormField>
        {canEdit ? (
          <div className="grid gap-2" data-testid="buyer-mail-placeholders">
            <p className="text-xs text-muted-foreground">{texts.placeholdersHint}</p>
            <ul className="flex flex-wrap gap-1.5">
              {PLACEHOLDER_NAMES.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    // Keeps the cursor of the field being written in.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(name)}
                    title={buyerMailPlaceholders[name]}
                    aria-label={texts.insertPlaceholder(name)}
                    className="rounded-md border border-border bg-muted/40 px-2 py-0.5 font-mono text-xs hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    data-testid="buyer-mail-placeholder"
                  >
                    {placeholderToken(name)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canEdit ? (
            <Button type="button" variant="ghost" size="sm" onClick={restore} data-testid="buyer-mail-restore">
              <RotateCcw aria-hidden />
              {texts.restoreDefault}
            </Button>
          ) : null}
          <Button type="button" variant="outline" size="sm" onClick={onPreview} disabled={previewing} data-testid="buyer-mail-preview-open">
            {previewing ? <Spinner /> : <Eye aria-hidden />}
            {texts.preview}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onTest} disabled={testing} data-testid="buyer-mail-test">
            {testing ? <Spinner /> : <Send aria-hidden />}
            {testing ? texts.sendingTest : texts.sendTest}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]" data-testid="buyer-mail-test-hint">
          {texts.sendTestHint(testRecipient)}
        </p>
      </CardContent>
    </Card>
  );
}
