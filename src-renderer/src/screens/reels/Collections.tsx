import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ErrorNote';
import { NotAvailable, served } from '../../components/NotAvailable';
import { useCommandMutation, useCommandQuery } from '../../query/use-command';

/** Label Collections: list and create. */
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
      <ul>
        {list.data?.collections.map((c) => (
          <li key={c.collectionId}>
            {c.name} {c.serviceId ? '✓' : '…'}
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="toolbar">
        <label>
          {t('collections.name')}
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={!served('collections.create') || create.isPending}>
          {t('collections.create')}
        </button>
      </form>
      {!served('collections.create') ? <NotAvailable command="collections.create" /> : null}
      <ErrorNote error={create.error ?? list.error} />
    </section>
  );
}
