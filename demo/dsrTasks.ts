/**
 * The demo's tasks of its accepted requests (demo/dsr.ts, by reference-code order): each names a system
 * of the demo data map by its place in name order, or (`handMade`) a system the data map lacks. Days
 * count from the request's receipt; `closedDay` is when its result was recorded (none: still to do).
 */
export interface DemoDsrTask {
  request: number;
  system: number | { handMade: string };
  state: 'to_do' | 'done' | 'not_held' | 'failed';
  dueDay: number;
  closedDay?: number;
  note?: string;
  reason?: string;
  owned?: boolean;
}

export const DSR_DEMO_TASKS: DemoDsrTask[] = [
  // DSR-0002, erasure, in review and overdue: a task in every state, the paper files late
  { request: 1, system: 0, state: 'done', dueDay: 25, closedDay: 6, note: 'ค้นหาด้วยอีเมลและเลขบัตรประชาชน ลบข้อมูลสมาชิกแล้ว', owned: true },
  { request: 1, system: 1, state: 'not_held', dueDay: 25, closedDay: 9, note: 'ไม่พบข้อมูลของผู้ขอในระบบนี้' },
  {
    request: 1,
    system: 2,
    state: 'failed',
    dueDay: 25,
    closedDay: 28,
    reason: 'ระบบสำรองข้อมูลลบข้อมูลรายบุคคลไม่ได้ ข้อมูลจะหมดอายุตามรอบการสำรอง 90 วัน',
  },
  { request: 1, system: { handMade: 'แฟ้มใบสมัครสมาชิก (กระดาษ) ฝ่ายขาย' }, state: 'to_do', dueDay: 25, owned: true },
  // DSR-0003, rectification, fulfilled: every task done on time
  { request: 2, system: 0, state: 'done', dueDay: 15, closedDay: 2, note: 'แก้ไขที่อยู่ในระบบลูกค้าแล้ว', owned: true },
  { request: 2, system: 1, state: 'done', dueDay: 15, closedDay: 3, note: 'แก้ไขที่อยู่สำหรับจัดส่งเอกสารแล้ว' },
];
