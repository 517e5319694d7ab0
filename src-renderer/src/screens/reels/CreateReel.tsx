import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagType } from '../../../../src-shared/api/common';
import { TAG_TYPES } from '../../../../src-shared/api/tag-types';
import { DEFAULT_EXPECTED_IDENTIFIERS } from '../../../../src-shared/api/tag-types';
import { ErrorNote } from '../../components/ErrorNote';
import { useCommandMutation } from '../../query/use-command';

type Composition = Record<TagType, number>;

function defaultComposition(): Composition {
  const out = Object.fromEntries(TAG_TYPES.map((t) => [t, 0])) as Composition;
  for (const e of DEFAULT_EXPECTED_IDENTIFIERS) out[e.tagType] = e.count;
  return out;
}

/** Creates a Reel (works offline: the Reel gets a local id at once, its creation is queued). */
export function CreateReel({
  collections,
  created,
}: {
  collections: { collectionId: string; name: string }[];
  created: (reelId: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCommandMutation('reels.create', ['reels.list']);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [collectionId, setCollectionId] = useState('');
  const [composition, setComposition] = useState(defaultComposition);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        name,
        ...(description ? { description } : {}),
        ...(collectionId ? { collectionId } : {}),
        expectedIdentifiers: TAG_TYPES.filter((tt) => composition[tt] > 0).map((tagType) => ({ tagType, count: composition[tagType] })),
      },
      {
        onSuccess: ({ reelId }, { name: createdName }) => {
          setName('');
          setDescription('');
          created(reelId, createdName);
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="create-reel">
      <h3 id="create-reel">{t('reels.createTitle')}</h3>
      <form onSubmit={submit} className="form-grid">
        <label>
          {t('reels.name')}
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {t('reels.description')}
          <input value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label>
          {t('reels.collection')}
          <select value={collectionId} onChange={(e) => setCollectionId(e.target.value)}>
            <option value="">{t('reels.noCollection')}</option>
            {collections.map((c) => (
              <option key={c.collectionId} value={c.collectionId}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('reels.composition')}</legend>
          <div className="composition">
            {TAG_TYPES.map((tt) => (
              <label key={tt}>
                {t('reels.countOf', { tagType: t(`tagTypes.${tt}`) })}
                <input
                  type="number"
                  min={0}
                  max={9}
                  value={composition[tt]}
                  onChange={(e) => setComposition({ ...composition, [tt]: Math.max(0, Number(e.target.value) || 0) })}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="primary" disabled={create.isPending}>
          {t('reels.create')}
        </button>
      </form>
      <ErrorNote error={create.error} />
    </section>
  );
}
