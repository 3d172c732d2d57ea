/**
 * The fake's fixtures, made from the demo data the server's seed writes (demo/): the same companies,
 * people, roles, notifications, consent work and data subject requests, with fixed ids and times
 * counted back from the start.
 */
import { seedCookieFixtures } from './modules/cookie';
import { ropaFixtures } from './modules/ropa';
import { GRANTABLE_MENU_IDS } from '../contract/roles';
import { addDays, DSR_DUE_DAYS } from '../contract/dsr';
import {
  BUILTIN_ROLES,
  CONSENT_FORM_AGE_DAYS,
  CONSENT_ITEMS,
  CONSENT_ITEMS_AGE_DAYS,
  CONSENT_RECORDS,
  DEMO_COMPANIES,
  DSR_DEMO_DETAILS,
  DSR_DEMO_FORM,
  DSR_DEMO_REQUESTS,
  DSR_DEMO_SUBJECT,
  DPO_DEMO,
  REGISTER_DEMO,
  BREACH_DEMO,
  breachDemoId,
  DEMO_SHEETS,
  DEMO_SHEET_PATHS,
  DEMO_SHEET_TEMPLATES,
  consentDemoDraft,
  demoNotifications,
  dsrDemoHistory,
} from '../demo';
import type { FakeDb } from './collections';
import { displayName } from '../contract/people';
import { addDaysToDate, bangkokDate, dpoReasons, DPO_FINE_BAHT } from '../contract/dpo';
import { noticeContent, newFormRef, textHash } from './modules/consentNotice';
import { quizFixtures } from './modules/quiz';
import { builtinTemplate } from '../contract/sheetTemplates';
import { riskFixtures } from './riskFixtures';

/** The fixtures' ids: `f0000000-0000-4000-8000-<n>`, in the order they are made. */
function idMaker() {
  let n = 0;
  return () => `f0000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
}

/** The demo data as the fake's collections (createFakeApi checks them against their schemas before serving them). */
export function buildFixtures(at = Date.now()): FakeDb {
  const nextId = idMaker();
  const hoursAgo = (h: number) => new Date(at - h * 3_600_000).toISOString();
  const daysAgo = (d: number) => hoursAgo(d * 24);
  /** the demo data's people and roles count as made a year before the start */
  const long = daysAgo(365);
  const db: FakeDb = {
    companies: [],
    roles: [],
    users: [],
    notifications: [],
    riskMaster: [],
    riskLevels: [],
    riskMatrices: [],
    riskEvaluations: [],
    departments: [],
    positions: [],
    consentItems: [],
    consentForms: [],
    consentVersions: [],
    consentRecords: [],
    dsrForms: [],
    dsrRequests: [],
    auditLog: [],
    registerRows: [],
    quizQuestions: [],
    quizTests: [],
    quizAttempts: [],
    dpoAppointments: [],
    dpoAssessments: [],
    cookieDomains: [],
    cookieLog: [],
    datamapSystems: [],
    ropaActivities: [],
    breaches: [],
    sheetTemplates: [],
    sheetDocuments: [],
  };

  for (const company of DEMO_COMPANIES) {
    const companyId = nextId();
    db.companies.push({ _id: companyId, code: company.code, detail: company.detail, logo: null });

    const roleIds = {} as Record<keyof typeof BUILTIN_ROLES, string>;
    for (const [key, role] of Object.entries(BUILTIN_ROLES) as [keyof typeof BUILTIN_ROLES, (typeof BUILTIN_ROLES)['admin']][]) {
      roleIds[key] = nextId();
      const rights = GRANTABLE_MENU_IDS.filter((m) => role.menus.includes(m)).map((menuId) => ({ menuId, view: true as const, edit: role.edit }));
      db.roles.push({ _id: roleIds[key], companyId, name: role.name, builtin: key, rights, created_dt: long });
    }

    const userIds = company.users.map((u) => {
      const _id = nextId();
      db.users.push({
        _id,
        companyId,
        username: u.username,
        password: u.password,
        firstname: u.firstname,
        lastname: u.lastname,
        email: u.email,
        subId: u.subId ?? null,
        roleId: roleIds[u.role],
        departmentId: null,
        positionId: null,
        disabled: false,
        emailVerified: true,
        created_dt: long,
      });
      return _id;
    });
    const staff = db.users.find((u) => u._id === userIds[0])!;

    for (const n of demoNotifications(company)) {
      db.notifications.push({
        _id: nextId(),
        companyId,
        userId: n.own ? userIds[0] : null,
        kind: n.kind,
        params: n.params,
        link: n.link,
        created_dt: hoursAgo(n.hoursAgo),
        readBy: [],
      });
    }

    // data subject requests
    const formId = nextId();
    db.dsrForms.push({ _id: formId, companyId, ...DSR_DEMO_FORM, created_dt: daysAgo(60), updated_dt: daysAgo(60) });
    DSR_DEMO_REQUESTS.forEach((r, i) => {
      const receivedAt = daysAgo(r.receivedDaysAgo);
      db.dsrRequests.push({
        _id: nextId(),
        companyId,
        referenceCode: `${company.code}-DSR-${String(i + 1).padStart(4, '0')}`,
        formId,
        statusId: r.statusId,
        rights: r.rights,
        requesterType: 'subject',
        subjectName: `${r.firstname} ${r.lastname}`,
        email: r.email,
        receivedAt,
        dueAt: addDays(new Date(receivedAt), DSR_DUE_DAYS).toISOString(),
        subject: { firstname: r.firstname, lastname: r.lastname, email: r.email, ...DSR_DEMO_SUBJECT },
        representative: null,
        details: DSR_DEMO_DETAILS,
        lang: 'th',
        extension: null,
        refusal: r.refusal ? { legalGround: r.refusal.ground, reasons: r.refusal.reasons } : null,
        proofText: r.proof ?? null,
        files: [],
        history: dsrDemoHistory(r).map(([statusId, ago, note], n) => ({
          action: n === 0 ? ('received' as const) : ('state' as const),
          statusId,
          note,
          by: n === 0 ? null : displayName(staff),
          at: daysAgo(ago),
        })),
        assigneeId: r.statusId > 1 ? staff._id : null,
      });
    });

    // consent: the items, the notice published once, the records
    const itemIds: Record<string, string> = {};
    for (const [type, name, sensitive, nameEn] of CONSENT_ITEMS) {
      itemIds[name] = nextId();
      db.consentItems.push({
        _id: itemIds[name],
        companyId,
        type,
        name,
        name_en: nameEn,
        sensitive,
        status: true,
        created_dt: daysAgo(CONSENT_ITEMS_AGE_DAYS),
      });
    }
    const form = { _id: nextId(), companyId, formRef: newFormRef(), draft: consentDemoDraft(itemIds), updated_dt: daysAgo(CONSENT_FORM_AGE_DAYS) };
    db.consentForms.push(form);
    const content = noticeContent(db, companyId, form.draft);
    const version = {
      _id: nextId(),
      companyId,
      formId: form._id,
      formRef: form.formRef,
      version: 1,
      textHash: textHash(content),
      published_dt: daysAgo(CONSENT_FORM_AGE_DAYS),
      ...content,
    };
    db.consentVersions.push(version);
    for (const r of CONSENT_RECORDS) {
      db.consentRecords.push({
        _id: nextId(),
        companyId,
        formId: form._id,
        version: 1,
        textHash: version.textHash,
        purposeId: r.purpose,
        subjectId: r.subjectId,
        email: r.email,
        name: r.name,
        action: r.action,
        explicit: false,
        channel: 'web',
        lang: r.lang,
        guardian: null,
        recordedBy: null,
        reference: null,
        created_dt: daysAgo(r.daysAgo),
      });
    }

    seedCookieFixtures(db, companyId, company.code, nextId, long);
    for (const [register, records] of Object.entries(REGISTER_DEMO[company.code] ?? {})) {
      for (const record of records) db.registerRows.push({ _id: nextId(), companyId, register, created_dt: long, updated_dt: long, ...record });
    }
    quizFixtures(db, companyId, company.code, nextId, at);

    // the DPO: the appointments (the last one current) and the questionnaire's answers
    const today = bangkokDate(new Date(at));
    const userOf = (username?: string) => db.users.find((u) => u.companyId === companyId && u.username === username);
    for (const a of DPO_DEMO[company.code]?.appointments ?? []) {
      const appointedOn = addDaysToDate(today, -a.appointedDaysAgo);
      const after = (days: number | null | undefined) => (days === null || days === undefined ? null : addDaysToDate(appointedOn, days));
      db.dpoAppointments.push({
        _id: nextId(),
        companyId,
        kind: a.kind,
        userId: userOf(a.username)?._id ?? null,
        name: a.name,
        representative: a.representative ?? '',
        members: (a.members ?? []).map((m) => ({ userId: userOf(m.username)?._id ?? null, name: m.name, position: m.position })),
        contact: a.contact,
        appointedOn,
        termEndsOn: after(a.termDays),
        officeInformedOn: after(a.informedAfterDays),
        orderNo: a.orderNo,
        duties: a.duties,
        endedOn: after(a.endedAfterDays),
        endReason: a.endReason ?? '',
        created_dt: daysAgo(a.appointedDaysAgo),
        updated_dt: daysAgo(a.appointedDaysAgo),
      });
    }
    for (const s of DPO_DEMO[company.code]?.assessments ?? []) {
      const reasons = dpoReasons(s.answers);
      db.dpoAssessments.push({
        _id: nextId(),
        companyId,
        answers: s.answers,
        required: reasons.length > 0,
        reasons,
        fineBaht: DPO_FINE_BAHT,
        answeredById: userOf('admin')?._id ?? null,
        answeredAt: daysAgo(s.daysAgo),
      });
    }
    ropaFixtures(db, companyId, company.code, nextId, long);

    // the breach log's demo (demo/breach.ts), with the ids the demo notification links to
    const breachStaff = db.users.find((u) => u.companyId === companyId);
    const by = breachStaff ? displayName(breachStaff) : null;
    for (const [i, b] of (BREACH_DEMO[company.code] ?? []).entries()) {
      const first = (target: string) =>
        b.notices
          .filter((n) => n.target === target)
          .map((n) => n.hoursAgo)
          .sort((x, y) => y - x)
          .map(hoursAgo)[0] ?? null;
      const aware = b.awareHoursAgo;
      db.breaches.push({
        _id: breachDemoId(company.code, i + 1),
        companyId,
        code: `${company.code}-BR-${String(i + 1).padStart(4, '0')}`,
        title: b.title,
        discovery: b.discovery,
        status: b.status,
        awareAt: hoursAgo(aware),
        occurredAt: b.occurredHoursAgo === null ? null : hoursAgo(b.occurredHoursAgo),
        cia: b.cia,
        dataCategories: db.registerRows
          .filter((r) => r.companyId === companyId && r.register === 'data-categories' && b.categories.includes(String(r.name)))
          .map((r) => ({ _id: r._id, name: String(r.name), sensitive: Boolean(r.sensitive) })),
        sensitiveData: b.sensitiveData,
        subjectsCount: b.subjectsCount,
        subjectsEstimated: b.subjectsEstimated,
        recordsCount: b.recordsCount,
        recordsEstimated: b.recordsEstimated,
        vulnerableGroups: b.vulnerableGroups,
        // the names the data map lists become links (as the server's migration does), the rest stay free text
        systemIds: db.datamapSystems
          .filter((x) => x.companyId === companyId && b.systems.some((n) => n.trim().toLowerCase() === x.name.toLowerCase()))
          .map((x) => x._id),
        systems: b.systems.filter(
          (n) => !db.datamapSystems.some((x) => x.companyId === companyId && n.trim().toLowerCase() === x.name.toLowerCase()),
        ),
        processor: b.processor,
        cause: b.cause,
        containment: b.containment,
        consequences: b.consequences,
        riskLevel: b.assessment?.level ?? null,
        assessment: b.assessment ? { ...b.assessment, assessedAt: hoursAgo(b.assessment.hoursAgo), assessedBy: by } : null,
        officeNotifiedAt: first('office'),
        subjectsNotifiedAt: first('subjects'),
        subjectsWaiver: null,
        notices: b.notices.map((n) => ({
          _id: nextId(),
          target: n.target,
          sentAt: hoursAgo(n.hoursAgo),
          channel: n.channel,
          reference: n.reference,
          late: n.target === 'office' && n.hoursAgo < aware - 72,
          lateReasons: n.lateReasons,
        })),
        timeline: [['created', 'discovered', b.createdHoursAgo, ''] as const, ...b.timeline].map(([action, status, ago, note]) => ({
          action,
          status,
          note,
          by,
          at: hoursAgo(ago),
        })),
        files: [],
        created_dt: hoursAgo(b.createdHoursAgo),
        updated_dt: hoursAgo(Math.min(b.createdHoursAgo, ...b.timeline.map((t) => t[2]))),
      });
    }

    // document sheets: the company's own templates and its documents in every state
    for (const t of DEMO_SHEET_TEMPLATES[company.code] ?? [])
      db.sheetTemplates.push({ _id: nextId(), companyId, kind: 'custom', lang: 'th', ...t, updated_dt: long });
    const noticeId = db.consentForms.find((f) => f.companyId === companyId)?._id ?? null;
    for (const sheet of DEMO_SHEETS[company.code] ?? []) {
      const template = builtinTemplate(sheet.templateId);
      if (!template) continue;
      const at = (step: number) => daysAgo(sheet.daysAgo - step);
      const path = DEMO_SHEET_PATHS[sheet.state];
      const versions = Array.from({ length: sheet.versions }, (_, i) => ({
        version: i + 1,
        title: sheet.title,
        body: i === 0 ? template.body : `${template.body}${sheet.edit ?? ''}`,
        frozen: i + 1 === sheet.versions && path.some((p) => p.action === 'publish'),
        savedBy: userIds[0],
        saved_dt: at(i),
      }));
      const events = [
        { action: 'created', fromState: null, toState: 'draft' as const, version: 1, note: '', actorId: userIds[0], at: at(0) },
        ...path.map((p, i) => ({
          action: p.action,
          fromState: i ? path[i - 1].to : ('draft' as const),
          toState: p.to,
          version: sheet.versions,
          note: '',
          actorId: userIds[0],
          at: at(sheet.versions + i),
        })),
      ];
      const approved = path.some((p) => p.action === 'approve');
      db.sheetDocuments.push({
        _id: nextId(),
        companyId,
        title: sheet.title,
        templateId: template.id,
        kind: template.kind,
        lang: template.lang,
        state: sheet.state,
        version: sheet.versions,
        publishedVersion: path.some((p) => p.action === 'publish') ? sheet.versions : null,
        thaiDigits: sheet.thaiDigits ?? false,
        noticeId: sheet.attachNotice ? noticeId : null,
        ropaActivityId: null,
        breachId: null,
        stateById: userIds[0],
        state_dt: events[events.length - 1].at,
        approvedById: approved ? userIds[0] : null,
        approved_dt: approved ? at(sheet.versions + 1) : null,
        created_dt: at(0),
        updated_dt: events[events.length - 1].at,
        versions,
        events,
      });
    }
    riskFixtures(db, companyId, company.code, nextId, at);
  }
  return db;
}
