import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { FileChooser } from '../../components/FileChooser';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

// The Reel's label template on the print run screen (docs/print-run.md, "Templates"): the station's own layout or one
// of the station's templates, kept as the Reel's own (its prints and reprints use it), and the first labels of the run
// drawn as they will print (a ZPL template drawn as a label, an SVG one as its page), each with what the preflight
// found on it.

const PREVIEW_LABELS = 3;

export function LabelTemplate({ reelId, spec, stock }: { reelId: string; spec: Record<string, unknown> | undefined; stock: string }) {
  const { t } = useTranslation();
  const templates = useCommandQuery('printRun.templates', {});
  const kept = useCommandQuery('printRun.reelTemplate', { reelId });
  const choose = useCommandMutation('printRun.reelTemplate', ['printRun.reelTemplate']);
  const add = useCommandMutation('printRun.templateAdd', ['printRun.templates']);
  /** A design file chosen here is added under its file name and becomes the Reel's template. */
  const addFile = async (fileName: string, body: string) => {
    const name = fileName.replace(/\.[^.]*$/, '').slice(0, 64) || 'template';
    const added = await add.mutateAsync({ name, body, reelId });
    choose.mutate({ reelId, template: added.name });
  };
  const chosen = kept.data?.template ?? null;
  const preview = useCommandQuery(
    'printRun.templatePreview',
    { reelId, template: chosen ?? '-', ...(spec ? { spec } : {}), stock, count: PREVIEW_LABELS },
    // Not a draft: another template's labels are never shown while this one's are drawn.
    { enabled: chosen !== null },
  );
  const list = templates.data?.templates ?? [];
  const missing = kept.data?.missing ?? [];
  return (
    <section className="stack" aria-labelledby="label-template-title" data-testid="label-template">
      <h4 id="label-template-title">{t('labelTemplate.title')}</h4>
      <label>
        {t('labelTemplate.choose')}
        <select
          name="template"
          value={chosen ?? ''}
          disabled={choose.isPending}
          onChange={(event) => choose.mutate({ reelId, template: event.target.value === '' ? null : event.target.value })}
        >
          <option value="">{t('labelTemplate.ownLayout')}</option>
          {list.map((template) => (
            <option key={template.name} value={template.name}>
              {t(template.kind === 'zpl' ? 'labelTemplate.zpl' : 'labelTemplate.svg', { name: template.name })}
            </option>
          ))}
        </select>
      </label>
      <FileChooser label={t('labelTemplate.add')} accept=".zpl,.prn,.txt,.svg" onText={(body, file) => void addFile(file.name, body).catch(() => undefined)} />
      {list.length === 0 ? <p className="hint">{t('labelTemplate.none')}</p> : null}
      {add.data?.printerCommands.length && add.data.name === chosen ? (
        <p role="status" className="hint" data-testid="label-template-commands">
          {t('labelTemplate.printerCommands', { name: add.data.name, commands: add.data.printerCommands.map((c) => c.command).join(', ') })}
        </p>
      ) : null}
      {missing.length ? (
        <p role="alert" className="error">
          {t('labelTemplate.missing', { values: missing.map((m) => `{${m}}`).join(', ') })}
        </p>
      ) : null}
      {chosen ? (
        <>
          <p className="hint">{t('labelTemplate.previewHelp')}</p>
          {preview.isFetching && !preview.data ? <p role="status">{t('labelTemplate.drawing')}</p> : null}
          <div className="toolbar" data-testid="label-template-preview" data-kind={preview.data?.kind}>
            {(preview.data?.labels ?? []).map((label) => (
              <figure key={label.position} className="stack">
                <img
                  src={`data:image/png;base64,${label.png}`}
                  alt={t('labelTemplate.labelAt', { position: label.position })}
                  style={{ maxWidth: '16rem', border: '1px solid #888', background: '#fff' }}
                />
                <figcaption>
                  {label.findings.length ? (
                    <span className="error">
                      {t('labelTemplate.fails', {
                        position: label.position,
                        why: label.findings
                          .map((f) => t(`labelTemplate.problem.${f.problem}`, { code: t(`labelTemplate.code.${f.code}`), dots: f.dots, read: f.read }))
                          .join('; '),
                      })}
                    </span>
                  ) : (
                    t('labelTemplate.passes', { position: label.position })
                  )}
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      ) : null}
      <ErrorNote error={add.error ?? choose.error ?? preview.error ?? templates.error} />
    </section>
  );
}
