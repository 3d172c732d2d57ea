/**
 * The benchmark's risk events: realistic Thai names built from word lists, the same in SQL
 * (PostgreSQL, PGlite) and in JavaScript (json-server), so every target holds the same rows.
 *
 * Row `g` (1-based) is named `ACTIONS[g % 40] + SUBJECTS[g % 37] + ' ' + PLACES[g % 11] + ' ครั้งที่ g'`.
 * 40, 37 and 11 are pairwise coprime, so every (subject, place) pair is equally frequent:
 * SEARCH_TERM (one subject next to one place) matches 1 row in 37 × 11 = 407 (0.25%).
 */

export const ACTIONS = [
  'การรั่วไหลของ',
  'การเข้าถึงโดยมิชอบต่อ',
  'การสูญหายของ',
  'การแก้ไขโดยไม่ได้รับอนุญาตต่อ',
  'การเปิดเผยโดยไม่ตั้งใจของ',
  'การลบโดยไม่ตั้งใจของ',
  'การโจรกรรม',
  'การส่งต่อผิดผู้รับของ',
  'การจัดเก็บเกินระยะเวลาของ',
  'การสำรองล้มเหลวของ',
  'มัลแวร์เรียกค่าไถ่เข้ารหัส',
  'ฟิชชิงเพื่อขโมย',
  'การใช้เกินวัตถุประสงค์ของ',
  'การโอนไปต่างประเทศโดยไม่มีฐานของ',
  'การพิมพ์เอกสารทิ้งไว้ของ',
  'การส่งอีเมลผิดคนของ',
  'การอัปโหลดสู่คลาวด์ส่วนตัวของ',
  'การทำลายไม่ถูกวิธีของ',
  'การเข้ารหัสไม่เพียงพอของ',
  'การตั้งค่าสิทธิ์ผิดพลาดของ',
  'การแชร์ลิงก์สาธารณะของ',
  'การบันทึกหน้าจอที่มี',
  'การคัดลอกลงแฟลชไดรฟ์ของ',
  'การเก็บรวบรวมเกินจำเป็นของ',
  'การไม่ขอความยินยอมก่อนใช้',
  'การขายต่อ',
  'การเชื่อมโยงโดยไม่แจ้งของ',
  'ผู้รับจ้างช่วงเข้าถึง',
  'อดีตพนักงานยังเข้าถึง',
  'การโจมตีด้วยรหัสผ่านรั่วต่อ',
  'ช่องโหว่เว็บไซต์เปิดเผย',
  'แชตกลุ่มเปิดเผย',
  'โน้ตบุ๊กสูญหายพร้อม',
  'การส่งแฟกซ์ผิดหมายเลขของ',
  'การจัดส่งพัสดุผิดที่อยู่พร้อม',
  'กล้องวงจรปิดบันทึก',
  'การทำโปรไฟล์จาก',
  'การทดสอบระบบด้วย',
  'ไฟล์ล็อกที่เก็บ',
  'การตอบคำขอเจ้าของล่าช้าเรื่อง',
] as const;

export const SUBJECTS = [
  'ข้อมูลลูกค้า',
  'ข้อมูลพนักงาน',
  'เวชระเบียนผู้ป่วย',
  'สำเนาบัตรประชาชน',
  'เลขบัญชีธนาคาร',
  'ข้อมูลบัตรเครดิต',
  'ประวัติอาชญากรรม',
  'ข้อมูลชีวมิติ',
  'ลายนิ้วมือ',
  'ภาพใบหน้า',
  'ข้อมูลสุขภาพ',
  'ข้อมูลศาสนา',
  'ข้อมูลสหภาพแรงงาน',
  'ข้อมูลพันธุกรรม',
  'พฤติกรรมทางเพศ',
  'ความคิดเห็นทางการเมือง',
  'ที่อยู่จัดส่ง',
  'หมายเลขโทรศัพท์',
  'อีเมลสมาชิก',
  'ประวัติการสั่งซื้อ',
  'ตำแหน่งที่ตั้ง',
  'เงินเดือน',
  'ผลการประเมินงาน',
  'ใบสมัครงาน',
  'ข้อมูลเด็กและเยาวชน',
  'คุกกี้ติดตาม',
  'บันทึกการโทร',
  'ทะเบียนบ้าน',
  'หนังสือเดินทาง',
  'ใบขับขี่',
  'ทะเบียนผู้ถือหุ้น',
  'รายชื่อคู่ค้า',
  'กรมธรรม์ประกันภัย',
  'ประวัติการรักษา',
  'ผลตรวจสุขภาพประจำปี',
  'สัญญาสินเชื่อ',
  'บันทึกเข้าออกอาคาร',
] as const;

export const PLACES = [
  'ฝ่ายบุคคล',
  'ฝ่ายการเงิน',
  'ฝ่ายขาย',
  'ฝ่ายการตลาด',
  'ฝ่ายไอที',
  'ฝ่ายกฎหมาย',
  'ฝ่ายบริการลูกค้า',
  'ฝ่ายจัดซื้อ',
  'คลังสินค้าบางนา',
  'สาขาเชียงใหม่',
  'สาขาขอนแก่น',
] as const;

/** Selective: one subject next to one place, 1 row in 407. */
export const SEARCH_TERM = `${SUBJECTS[2]} ${PLACES[9]}`;

/** created_at of row g: up to 3 years before 2026-01-01, scattered (7919 is invertible mod the span). */
const EPOCH_MS = Date.UTC(2026, 0, 1);
const SPAN_S = 94_608_000;
const STEP = 7919;

export const nameOf = (g: number) => `${ACTIONS[g % ACTIONS.length]}${SUBJECTS[g % SUBJECTS.length]} ${PLACES[g % PLACES.length]} ครั้งที่ ${g}`;
export const createdAtOf = (g: number) => new Date(EPOCH_MS - ((g * STEP) % SPAN_S) * 1000);
export const ciaOf = (g: number) => ({ confidentiality: g % 3 === 0, integrity: g % 5 === 0, availability: g % 7 === 0 });

/** The same names and times in SQL; `$2`, `$3`: first and last g; `$4`, `$5`, `$6`: the word lists. */
export const SQL_NAME = `($4::text[])[g % ${ACTIONS.length} + 1] || ($5::text[])[g % ${SUBJECTS.length} + 1] || ' ' || ($6::text[])[g % ${PLACES.length} + 1] || ' ครั้งที่ ' || g`;
export const SQL_CREATED_AT = `timestamptz '2026-01-01 00:00:00+00' - make_interval(secs => (g::bigint * ${STEP}) % ${SPAN_S})`;

/** Matches of SEARCH_TERM among rows 1..n, counted the slow way (a cross-check of every target). */
export function expectedMatches(n: number) {
  let count = 0;
  for (let g = 1; g <= n; g++) if (nameOf(g).includes(SEARCH_TERM)) count++;
  return count;
}

/** json-server's rows carry this company id. */
export const JSON_COMPANY_ID = 'demo';
