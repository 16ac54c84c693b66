import { buyerMailKindLabels, buyerMailTexts as texts, type BuyerMailKind, type BuyerMailPreviewJson } from '@smista/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Facts, LoadFailed, Loading } from '@smista/ui-kit';

/** What the preview dialog shows: the kind asked for, then the server's rendering or why there is none. */
export type PreviewState =
  | { kind: BuyerMailKind; status: 'loading' }
  | { kind: BuyerMailKind; status: 'ready'; preview: BuyerMailPreviewJson }
  | { kind: BuyerMailKind; status: 'failed'; message: string };

/**
 * 'Anteprima': the e-mail as the server renders it with a sample parcel (a dialog on desktop, a
 * bottom drawer on a phone, like the address dialog). Subject, From and Reply-To above the HTML,
 * which is shown in a frame with `srcdoc` and an empty `sandbox`: no script of it runs, no form
 * posts, no link navigates this page.
 */
export function PreviewDialog({ state, isMobile, onClose, onRetry }: { state: PreviewState | null; isMobile: boolean; onClose: () => void; onRetry: () => void }) {
  const label = state ? buyerMailKindLabels[state.kind] : '';
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        side={isMobile ? 'bottom' : 'center'}
        size="wide"
        className={isMobile ? 'gap-3 p-4' : undefined}
        data-testid="buyer-mail-preview"
        data-side={isMobile ? 'bottom' : 'center'}
        data-status={state?.status}
        aria-describedby="buyer-mail-preview-description"
      >
        <DialogHeader className="pr-8">
          <DialogTitle>{texts.previewTitle(label)}</DialogTitle>
          <DialogDescription id="buyer-mail-preview-description">{texts.previewDescription}</DialogDescription>
        </DialogHeader>
        {state?.status === 'loading' ? <Loading testId="buyer-mail-preview-loading" /> : null}
        {state?.status === 'failed' ? <LoadFailed title={texts.previewFailed} text={state.message} onRetry={onRetry} testId="buyer-mail-preview-failed" /> : null}
        {state?.status === 'ready' ? (
          <div className="grid min-w-0 gap-3">
            <div data-testid="buyer-mail-preview-headers">
              <Facts
                rows={[
                  [texts.previewSubject, state.preview.subject, 'font-medium'],
                  [texts.previewFrom, state.preview.from],
                  [texts.previewReplyTo, state.preview.replyTo],
                ]}
              />
            </div>
            <iframe
              title={texts.previewFrameTitle}
              srcDoc={state.preview.html}
              // Empty: the e-mail's HTML may not run scripts, submit, open popups or reach this page.
              sandbox=""
              className="block h-[60vh] min-h-[360px] w-full rounded-md border bg-white"
              data-testid="buyer-mail-preview-frame"
            />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
