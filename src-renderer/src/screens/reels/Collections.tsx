import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { StationError, StationErrorCode } from '../../../../src-shared/ipc/station-error';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

/** Label Collections: list, create and rename (a Reel is filed into one from the Reels table). */
export function Collections() {
  const { t } = useTranslation();
  const list = useCommandQuery('collections.list', {});
  const create = useCommandMutation('collections.create', ['collections.list']);
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ name }, { onSuccess: () => setName('') });
  };
  return (
    <section className="card" aria-labelledby="collections-title">
      <h3 id="collections-title">{t('collections.title')}</h3>
      <DataTable
        label={t('collections.title')}
        compact
        rows={list.data?.collections}
        rowKey={(c) => c.collectionId}
        empty={t('collections.none')}
        columns={[
          { key: 'name', header: t('collections.name'), cell: (c) => <CollectionName collection={c} /> },
          { key: 'synced', header: t('reels.synced'), cell: (c) => (c.serviceId ? `✓ ${t('reels.onService')}` : `… ${t('reels.localOnly')}`) },
        ]}
      />
      {/* Each error where it belongs: the list's under the list, the form's under the form that was used. "Not
          connected" is said once, by the Reels list above. */}
      <ErrorNote error={list.error instanceof StationError && list.error.code === StationErrorCode.notConnected ? null : list.error} />
      <form onSubmit={submit} className="toolbar">
        <label>
          {t('collections.name')}
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          {t('collections.create')}
        </button>
      </form>
      <ErrorNote error={create.error} />
    </section>
  );
}

/** A collection's name, renamed in place. */
function CollectionName({ collection }: { collection: { collectionId: string; name: string } }) {
  const { t } = useTranslation();
  const rename = useCommandMutation('collections.update', ['collections.list']);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(collection.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === collection.name) return setEditing(false);
    rename.mutate({ collectionId: collection.collectionId, name: name.trim() }, { onSuccess: () => setEditing(false) });
  };
  return (
    <>
      {editing ? (
        <form onSubmit={submit} className="toolbar">
          <label>
            {t('collections.newName', { name: collection.name })}
            <input required autoFocus value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={rename.isPending || !name.trim()}>
            {t('collections.save')}
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            {t('collections.cancel')}
          </button>
        </form>
      ) : (
        <>
          <span>{collection.name}</span>{' '}
          <button
            type="button"
            aria-label={t('collections.renameNamed', { name: collection.name })}
            onClick={() => {
              setName(collection.name);
              setEditing(true);
            }}
          >
            {t('collections.rename')}
          </button>
        </>
      )}
      <ErrorNote error={rename.error} />
    </>
  );
}
