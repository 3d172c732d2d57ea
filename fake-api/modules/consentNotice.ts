/**
 * What a published notice shows besides its draft, for the fixtures and the fake's publish: the
 * controller's and the DPO's contacts, the items' names, each purpose's hash. The fake checks none
 * of the server's publishing rules (s.23): the contract suite tests those on the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ConsentDraft } from '../../contract/consent';
import type { FakeDb } from '../collections';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const newFormRef = () => randomBytes(9).toString('base64url');
export const textHash = (content: unknown) => sha256(JSON.stringify(content));

export function noticeContent(db: FakeDb, companyId: string, draft: ConsentDraft) {
  const detail = db.companies.find((c) => c._id === companyId)!.detail;
  // the chosen DPO appointment's contact for data subjects, else the current one's (menu 4)
  const appointment = db.dpoAppointments.find((a) => a.companyId === companyId && (draft.dpo._id ? a._id === draft.dpo._id : a.endedOn === null));
  const dpoUser = db.users.find((u) => u._id === draft.dpo._id && u.companyId === companyId);
  const dpo = appointment
    ? { name: appointment.name, email: appointment.contact.email, phone: appointment.contact.phone }
    : dpoUser
      ? { name: draft.dpo.name, email: dpoUser.email ?? detail.dpoContact.email, phone: detail.dpoContact.phone }
      : { ...detail.dpoContact };
  const controller = { name: detail.nameTh, nameEn: detail.nameEn, address: detail.address, email: detail.email, phone: detail.phone };
  const items = Object.fromEntries(
    db.consentItems
      .filter((i) => i.companyId === companyId)
      .map((i) => [i._id, { _id: i._id, name: i.name, ...(i.name_en.trim() ? { name_en: i.name_en.trim() } : {}), sensitive: i.sensitive }]),
  );
  const purposes = draft.consent.purposes.map((p) => {
    const explicit = [...p.data, ...p.list].some((i) => items[i]?.sensitive);
    return { _id: p._id, explicit, hash: sha256(JSON.stringify([p.list.map((i) => items[i]?.name), p.data.map((i) => items[i]?.name), explicit])) };
  });
  const used = new Set([
    ...draft.objective,
    ...draft.consent.form,
    ...draft.consent.list,
    ...draft.consent.purposes.flatMap((p) => [...p.data, ...p.list]),
  ]);
  return { controller, dpo, draft, items: Object.fromEntries(Object.entries(items).filter(([id]) => used.has(id))), purposes };
}
