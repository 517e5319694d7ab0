// Localized texts of this area's refusals (spec: Errors — `message` localized by Svc-Ctx-Locale), keyed by
// `detail.reason` so every LabelRuleError and route refusal finds its text.
import { addMessages, type MessageTexts } from '../../http/messages';

const LABEL_MESSAGES: Record<string, MessageTexts> = {
  repeated_tag_type: {
    en: 'expectedIdentifiers names a tagType twice; give each tagType once.',
    de: 'expectedIdentifiers nennt einen tagType doppelt; nennen Sie jeden tagType einmal.',
  },
  no_identifiers: {
    en: 'A Label needs at least one identifier: send identifiers, qrValue or a data image.',
    de: 'Ein Etikett braucht mindestens eine Kennung: senden Sie identifiers, qrValue oder ein data-Bild.',
  },
  reel_transferred: {
    en: 'This Reel was shipped; enroll new Labels on a Reel of your own.',
    de: 'Diese Rolle wurde versandt; erfassen Sie neue Etiketten auf einer eigenen Rolle.',
  },
  repeated_marking: {
    en: 'The same optical marking is named twice in one request; send it once.',
    de: 'Dieselbe optische Markierung ist in einer Anfrage doppelt genannt; senden Sie sie einmal.',
  },
  position_occupied: {
    en: 'Position {{position}} of this Reel already holds a Label; choose a free position or omit it to append.',
    de: 'Position {{position}} dieser Rolle ist belegt; wählen Sie eine freie Position oder lassen Sie sie weg, um anzuhängen.',
  },
  marking_on_other_label: {
    en: 'This optical marking is already a member of another Label; remove it there first.',
    de: 'Diese optische Markierung gehört bereits zu einem anderen Etikett; entfernen Sie sie dort zuerst.',
  },
  marking_bound_elsewhere: {
    en: 'This optical marking is already bound to a Thread; unbind it there first.',
    de: 'Diese optische Markierung ist bereits an einen Thread gebunden; lösen Sie sie dort zuerst.',
  },
  label_transferred: { en: 'This Label was shipped and can no longer change.', de: 'Dieses Etikett wurde versandt und kann nicht mehr geändert werden.' },
  label_archived: { en: 'This Label is archived; unarchive it first.', de: 'Dieses Etikett ist archiviert; holen Sie es zuerst aus dem Archiv.' },
  last_identifier: {
    en: "This is the Label's last identifier; add another member first, or archive the Label instead.",
    de: 'Dies ist die letzte Kennung des Etiketts; fügen Sie zuerst eine weitere hinzu oder archivieren Sie das Etikett.',
  },
  no_labels: { en: 'compositeTagIds is empty; name at least one Label.', de: 'compositeTagIds ist leer; nennen Sie mindestens ein Etikett.' },
  repeated_label: { en: 'A Label is named twice; name each Label once.', de: 'Ein Etikett ist doppelt genannt; nennen Sie jedes Etikett einmal.' },
  endpoints_on_different_reels: {
    en: 'The two scanned Labels are on different Reels; scan both ends of one Reel.',
    de: 'Die beiden gescannten Etiketten liegen auf verschiedenen Rollen; scannen Sie beide Enden einer Rolle.',
  },
  endpoint_archived: {
    en: 'A scanned end Label is archived; scan an active Label as the end.',
    de: 'Ein gescanntes End-Etikett ist archiviert; scannen Sie ein aktives Etikett als Ende.',
  },
  endpoint_not_on_reel: {
    en: 'A scanned end Label is no longer on a Reel you can cut (shipped); scan an active Label.',
    de: 'Ein gescanntes End-Etikett liegt auf keiner schneidbaren Rolle mehr (versandt); scannen Sie ein aktives Etikett.',
  },
  invalid_range: {
    en: 'toPosition is before fromPosition; give the range in ascending order.',
    de: 'toPosition liegt vor fromPosition; geben Sie den Bereich aufsteigend an.',
  },
  target_transferred: { en: 'The target Reel was shipped; choose a Reel of your own.', de: 'Die Zielrolle wurde versandt; wählen Sie eine eigene Rolle.' },
  count_mismatch: {
    en: 'Expected {{expected}} Labels but the span holds {{actual}}; check it with move/preview.',
    de: 'Erwartet waren {{expected}} Etiketten, der Bereich enthält {{actual}}; prüfen Sie ihn mit move/preview.',
  },
  nothing_to_move: {
    en: 'The span holds no active Label; check the positions with move/preview.',
    de: 'Der Bereich enthält kein aktives Etikett; prüfen Sie die Positionen mit move/preview.',
  },
  no_threads: { en: 'threadIds is empty; give one Thread per position.', de: 'threadIds ist leer; geben Sie einen Thread je Position an.' },
  too_many_pairs: { en: 'At most 500 pairs per bulk-bind; split the range.', de: 'Höchstens 500 Paare je Massenbindung; teilen Sie den Bereich.' },
  range_length_mismatch: {
    en: 'The range and threadIds differ in length; they must be equal.',
    de: 'Bereich und threadIds sind verschieden lang; sie müssen gleich sein.',
  },
  bulk_bind_blocked: {
    en: 'Nothing was bound: fix each row named in detail.blockers (a dry run lists them) and send again.',
    de: 'Nichts wurde gebunden: beheben Sie jede in detail.blockers genannte Zeile (ein Probelauf listet sie) und senden Sie erneut.',
  },
  unknown_fingerprint: {
    en: 'No stored fingerprint has this fingerprintId; extract the capture first.',
    de: 'Kein gespeicherter Fingerabdruck hat diese fingerprintId; extrahieren Sie die Aufnahme zuerst.',
  },
  too_many_images: { en: 'At most one data image per request.', de: 'Höchstens ein data-Bild je Anfrage.' },
  label_bound_elsewhere: {
    en: 'This Label is already bound to another Thread; unbind it first.',
    de: 'Dieses Etikett ist bereits an einen anderen Thread gebunden; lösen Sie es zuerst.',
  },
  label_not_bindable: {
    en: 'This Label cannot bind now; detail.reason says why.',
    de: 'Dieses Etikett kann jetzt nicht gebunden werden; detail.reason nennt den Grund.',
  },
  label_owned_by_other_team: {
    en: 'The Thread belongs to another Team than the Label; bind within one Team.',
    de: 'Der Thread gehört einem anderen Team als das Etikett; binden Sie innerhalb eines Teams.',
  },
  filing_collection_not_found: {
    en: 'No Label Collection {{collectionId}} in this Team; list the collections to find its id.',
    de: 'Keine Etikettensammlung {{collectionId}} in diesem Team; listen Sie die Sammlungen auf.',
  },
  reel_not_found: { en: 'No Reel {{id}} in this Team; list the Reels to find its id.', de: 'Keine Rolle {{id}} in diesem Team; listen Sie die Rollen auf.' },
  label_not_found: {
    en: 'No Label {{id}} in this Team; resolve it by scanning one of its identifiers.',
    de: 'Kein Etikett {{id}} in diesem Team; finden Sie es durch Scannen einer seiner Kennungen.',
  },
  collection_not_found: { en: 'No Label Collection {{id}} in this Team.', de: 'Keine Etikettensammlung {{id}} in diesem Team.' },
  member_not_found: { en: 'This identifier is not a member of the Label.', de: 'Diese Kennung gehört nicht zu diesem Etikett.' },
  multipart_field: { en: 'A multipart field is malformed; detail.issues says which.', de: 'Ein Multipart-Feld ist fehlerhaft; detail.issues nennt es.' },
};

addMessages(Object.fromEntries(Object.entries(LABEL_MESSAGES).map(([reason, texts]) => [`labels.${reason}`, texts])));

export function labelMessageKey(reason: unknown): string | undefined {
  return typeof reason === 'string' && reason in LABEL_MESSAGES ? `labels.${reason}` : undefined;
}
