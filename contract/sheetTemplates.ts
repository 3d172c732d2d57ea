import type { SheetKind, SheetLang } from './sheets';

/**
 * The templates shipped with the product, in Thai and English: read-only, every company sees them,
 * and copies one to make its own. Their text uses only the tags the server's sanitizer keeps and the
 * variables of contract/sheetVariables.ts (a unit test checks both).
 */
export interface BuiltinTemplate {
  id: string;
  kind: Exclude<SheetKind, 'custom'>;
  lang: SheetLang;
  name: string;
  description: string;
  body: string;
}

// the letterhead of the PDF and the DOCX prints the company's name, address and tax id above every page
const head = (title: string) => `<h1>${title}</h1>`;
const headEn = head;

const TH: Record<BuiltinTemplate['kind'], Omit<BuiltinTemplate, 'id' | 'kind' | 'lang'>> = {
  privacyNotice: {
    name: 'ประกาศความเป็นส่วนตัว (Privacy Notice)',
    description: 'แจ้งเจ้าของข้อมูลตามมาตรา 23: วัตถุประสงค์ ฐานทางกฎหมาย ข้อมูลที่เก็บ ระยะเวลา สิทธิ และช่องทางติดต่อ',
    body: `${head('ประกาศความเป็นส่วนตัว')}
<p>{{company.name}} ("บริษัท") ในฐานะผู้ควบคุมข้อมูลส่วนบุคคล ให้ความสำคัญกับการคุ้มครองข้อมูลส่วนบุคคลของท่านตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ประกาศนี้อธิบายการเก็บรวบรวม ใช้ และเปิดเผยข้อมูลส่วนบุคคลสำหรับ {{notice.name}}</p>
<h2>1. วัตถุประสงค์ของการประมวลผล</h2><p>{{notice.purposes}}</p>
<h2>2. ฐานทางกฎหมาย</h2><p>{{notice.bases}}</p>
<h2>3. ข้อมูลส่วนบุคคลที่เก็บรวบรวม</h2><p>{{notice.dataCollected}}</p>
<h2>4. สิทธิของเจ้าของข้อมูลส่วนบุคคล</h2>
<ul><li>สิทธิขอเข้าถึงและขอรับสำเนา</li><li>สิทธิขอรับและโอนย้ายข้อมูล</li><li>สิทธิคัดค้าน</li><li>สิทธิขอให้ลบหรือทำลาย</li><li>สิทธิขอให้ระงับการใช้</li><li>สิทธิขอให้แก้ไขให้ถูกต้อง</li><li>สิทธิถอนความยินยอม</li></ul>
<h2>5. ติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล</h2><p>{{dpo.name}} อีเมล {{dpo.email}} โทร {{dpo.phone}}</p>
<p>ประกาศ ณ วันที่ {{date.today}} (ฉบับที่ {{document.version}})</p>`,
  },
  consentLetter: {
    name: 'หนังสือขอความยินยอม',
    description: 'ขอความยินยอมโดยชัดแจ้งตามมาตรา 19 แยกตามวัตถุประสงค์ พร้อมแจ้งสิทธิถอนความยินยอม',
    body: `${head('หนังสือให้ความยินยอมในการเก็บรวบรวม ใช้ และเปิดเผยข้อมูลส่วนบุคคล')}
<p>ข้าพเจ้า ........................................................ ตกลงให้ความยินยอมแก่ {{company.name}} ในการประมวลผลข้อมูลส่วนบุคคลของข้าพเจ้าตามวัตถุประสงค์ดังต่อไปนี้</p>
<p>{{notice.purposes}}</p>
<p>ข้อมูลส่วนบุคคลที่ขอความยินยอม: {{notice.dataCollected}}</p>
<p>ข้าพเจ้าทราบว่าสามารถถอนความยินยอมเมื่อใดก็ได้ โดยติดต่อ {{dpo.name}} อีเมล {{dpo.email}} และการถอนความยินยอมไม่กระทบต่อการประมวลผลที่ได้ดำเนินการไปแล้วโดยชอบ</p>
<p>ลงชื่อ ........................................................ เจ้าของข้อมูลส่วนบุคคล<br>วันที่ {{date.today}}</p>`,
  },
  processorAgreement: {
    name: 'สัญญาประมวลผลข้อมูลส่วนบุคคล (DPA) ตามมาตรา 40',
    description: 'ข้อตกลงระหว่างผู้ควบคุมและผู้ประมวลผลข้อมูลส่วนบุคคล: หน้าที่ตามมาตรา 40 มาตรการรักษาความมั่นคงปลอดภัย การแจ้งเหตุละเมิด',
    body: `${head('สัญญาประมวลผลข้อมูลส่วนบุคคล')}
<p>สัญญานี้ทำขึ้นเมื่อวันที่ {{date.today}} ระหว่าง {{company.name}} สำนักงานตั้งอยู่ที่ {{company.address}} เลขประจำตัวผู้เสียภาษี {{company.taxId}} ("ผู้ควบคุมข้อมูลส่วนบุคคล") กับ ........................................................ ("ผู้ประมวลผลข้อมูลส่วนบุคคล")</p>
<h2>ข้อ 1 ขอบเขตการประมวลผล</h2><p>ผู้ประมวลผลข้อมูลส่วนบุคคลจะประมวลผลข้อมูลส่วนบุคคลตามคำสั่งที่เป็นลายลักษณ์อักษรของผู้ควบคุมข้อมูลส่วนบุคคลเท่านั้น</p>
<h2>ข้อ 2 หน้าที่ของผู้ประมวลผลข้อมูลส่วนบุคคลตามมาตรา 40</h2>
<ol><li>ดำเนินการเกี่ยวกับการเก็บรวบรวม ใช้ หรือเปิดเผยข้อมูลส่วนบุคคลตามคำสั่งของผู้ควบคุมข้อมูลส่วนบุคคลเท่านั้น เว้นแต่คำสั่งนั้นขัดต่อกฎหมาย</li><li>จัดให้มีมาตรการรักษาความมั่นคงปลอดภัยที่เหมาะสม เพื่อป้องกันการสูญหาย เข้าถึง ใช้ เปลี่ยนแปลง แก้ไข หรือเปิดเผยข้อมูลส่วนบุคคลโดยมิชอบ และแจ้งเหตุการละเมิดข้อมูลส่วนบุคคลที่เกิดขึ้นให้ผู้ควบคุมข้อมูลส่วนบุคคลทราบโดยไม่ชักช้า</li><li>จัดทำและเก็บรักษาบันทึกรายการของกิจกรรมการประมวลผลข้อมูลส่วนบุคคลไว้ตามหลักเกณฑ์และวิธีการที่คณะกรรมการประกาศกำหนด</li></ol>
<h2>ข้อ 3 ผู้ประมวลผลช่วง</h2><p>ผู้ประมวลผลข้อมูลส่วนบุคคลจะไม่มอบหมายงานให้ผู้ประมวลผลช่วงโดยไม่ได้รับความยินยอมเป็นลายลักษณ์อักษรล่วงหน้า</p>
<h2>ข้อ 4 การส่งคืนและการลบข้อมูล</h2><p>เมื่อสัญญาสิ้นสุด ผู้ประมวลผลข้อมูลส่วนบุคคลจะส่งคืนหรือลบข้อมูลส่วนบุคคลทั้งหมด และยืนยันเป็นลายลักษณ์อักษร</p>
<h2>ข้อ 5 ผู้ประสานงาน</h2><p>เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคลของผู้ควบคุมข้อมูลส่วนบุคคล: {{dpo.name}} อีเมล {{dpo.email}} โทร {{dpo.phone}}</p>
<p>ลงชื่อ ........................................ ผู้ควบคุมข้อมูลส่วนบุคคล &nbsp;&nbsp; ลงชื่อ ........................................ ผู้ประมวลผลข้อมูลส่วนบุคคล</p>`,
  },
  dpoAppointment: {
    name: 'คำสั่งแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล',
    description: 'คำสั่งแต่งตั้ง DPO ตามมาตรา 41 และหน้าที่ตามมาตรา 42',
    body: `${head('คำสั่ง {{company.name}} เรื่อง แต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล')}
<p>เพื่อให้การดำเนินงานของ {{company.name}} เป็นไปตามมาตรา 41 แห่งพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 จึงแต่งตั้งให้ <strong>{{dpo.name}}</strong> เป็นเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล โดยมีหน้าที่ตามมาตรา 42 ดังนี้</p>
<ol><li>ให้คำแนะนำแก่บริษัท ลูกจ้าง และผู้รับจ้าง เกี่ยวกับการปฏิบัติตามพระราชบัญญัตินี้</li><li>ตรวจสอบการดำเนินงานเกี่ยวกับการเก็บรวบรวม ใช้ หรือเปิดเผยข้อมูลส่วนบุคคล</li><li>ประสานงานและให้ความร่วมมือกับสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล</li><li>รักษาความลับของข้อมูลส่วนบุคคลที่ตนล่วงรู้จากการปฏิบัติหน้าที่</li></ol>
<p>ช่องทางติดต่อ: อีเมล {{dpo.email}} โทร {{dpo.phone}}</p>
<p>ทั้งนี้ ตั้งแต่วันที่ {{date.today}} เป็นต้นไป</p><p>สั่ง ณ วันที่ {{date.today}}</p><p>ลงชื่อ ........................................ ประธานเจ้าหน้าที่บริหาร</p>`,
  },
  breachOffice: {
    name: 'หนังสือแจ้งเหตุละเมิดข้อมูลส่วนบุคคลต่อ สคส.',
    description: 'แจ้งสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคลภายใน 72 ชั่วโมงตามมาตรา 37(4)',
    body: `${head('หนังสือแจ้งเหตุการละเมิดข้อมูลส่วนบุคคล')}
<p>เรียน เลขาธิการสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล (สคส.)</p>
<p>{{company.name}} ขอแจ้งเหตุการละเมิดข้อมูลส่วนบุคคลตามมาตรา 37(4) ดังนี้</p>
<ul><li>เหตุการณ์: {{breach.title}}</li><li>วันเวลาที่เกิดเหตุ: {{breach.occurredAt}}</li><li>วันเวลาที่ทราบเหตุ: {{breach.discoveredAt}}</li><li>จำนวนเจ้าของข้อมูลที่ได้รับผลกระทบ (โดยประมาณ): {{breach.affectedCount}}</li><li>ข้อมูลส่วนบุคคลที่เกี่ยวข้อง: {{breach.dataCategories}}</li><li>ลักษณะของเหตุ: {{breach.description}}</li><li>ผลกระทบที่อาจเกิดขึ้น: {{breach.consequences}}</li><li>มาตรการที่ดำเนินการแล้วและที่จะดำเนินการ: {{breach.measures}}</li></ul>
<p>ผู้ประสานงาน: {{dpo.name}} อีเมล {{dpo.email}} โทร {{dpo.phone}}</p><p>ลงวันที่ {{date.today}}</p>`,
  },
  breachSubjects: {
    name: 'หนังสือแจ้งเหตุละเมิดต่อเจ้าของข้อมูลส่วนบุคคล',
    description: 'แจ้งเจ้าของข้อมูลเมื่อเหตุมีความเสี่ยงสูงต่อสิทธิและเสรีภาพ พร้อมแนวทางเยียวยา',
    body: `${head('แจ้งเหตุการละเมิดข้อมูลส่วนบุคคล')}
<p>เรียน ลูกค้าและผู้เกี่ยวข้อง</p>
<p>{{company.name}} ขอแจ้งให้ทราบว่าเกิดเหตุ {{breach.title}} เมื่อ {{breach.occurredAt}} ซึ่งอาจกระทบต่อข้อมูลส่วนบุคคลของท่าน</p>
<p>สิ่งที่เกิดขึ้น: {{breach.description}}</p><p>สิ่งที่บริษัทดำเนินการแล้ว: {{breach.measures}}</p>
<p>ข้อแนะนำ: โปรดเปลี่ยนรหัสผ่าน และระวังข้อความหรืออีเมลที่อ้างชื่อบริษัท</p>
<p>สอบถามเพิ่มเติม: {{dpo.name}} อีเมล {{dpo.email}} โทร {{dpo.phone}}</p><p>{{date.today}}</p>`,
  },
  ropaSummary: {
    name: 'สรุปบันทึกรายการกิจกรรมการประมวลผล (ROPA)',
    description: 'สรุปกิจกรรมการประมวลผลหนึ่งรายการตามมาตรา 39',
    body: `${head('สรุปบันทึกรายการของกิจกรรมการประมวลผลข้อมูลส่วนบุคคล')}
<ul><li>กิจกรรม: {{ropa.activityName}}</li><li>วัตถุประสงค์: {{ropa.purpose}}</li><li>ระยะเวลาการเก็บรักษา: {{ropa.retention}}</li></ul>
<h2>ข้อมูลส่วนบุคคลที่ประมวลผล</h2><p>{{ropa.dataItems}}</p>
<p>ผู้ควบคุมข้อมูลส่วนบุคคล: {{company.name}} — เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล: {{dpo.name}}</p><p>ข้อมูล ณ วันที่ {{date.today}}</p>`,
  },
  indirectNotice: {
    name: 'หนังสือแจ้งการเก็บรวบรวมข้อมูลส่วนบุคคลจากแหล่งอื่น (มาตรา 25)',
    description: 'แจ้งเจ้าของข้อมูลภายใน 30 วันนับแต่วันที่ได้รับข้อมูลจากแหล่งอื่น พร้อมรายการตามมาตรา 23 ทำจากกิจกรรมใน ROPA',
    body: `${head('แจ้งการเก็บรวบรวมข้อมูลส่วนบุคคลจากแหล่งอื่น')}
<p>เรียน เจ้าของข้อมูลส่วนบุคคล</p>
<p>{{company.name}} ในฐานะผู้ควบคุมข้อมูลส่วนบุคคล ขอแจ้งให้ท่านทราบตามมาตรา 25 แห่งพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ว่าบริษัทได้รับข้อมูลส่วนบุคคลของท่านจาก {{ropa.source}} เมื่อวันที่ {{ropa.otherSourceOn}} สำหรับกิจกรรม {{ropa.activityName}}</p>
<h2>1. วัตถุประสงค์และฐานทางกฎหมาย</h2><p>{{ropa.purposes}}</p><p>{{ropa.bases}}</p>
<h2>2. ข้อมูลส่วนบุคคลที่ได้รับ</h2><p>{{ropa.dataItems}}</p>
<h2>3. ระยะเวลาการเก็บรักษา</h2><p>{{ropa.retention}}</p>
<h2>4. ผู้ที่อาจได้รับข้อมูล</h2><p>{{ropa.recipients}}</p>
<h2>5. สิทธิของท่าน</h2><p>ท่านมีสิทธิขอเข้าถึง ขอรับสำเนา ขอแก้ไข ขอลบ ขอระงับการใช้ คัดค้าน และขอโอนย้ายข้อมูลส่วนบุคคลของท่าน ถอนความยินยอม (ถ้ามี) และร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล</p>
<h2>6. ช่องทางติดต่อ</h2><p>{{company.name}} {{company.address}} โทร {{company.phone}} อีเมล {{company.email}}</p><p>เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล: {{dpo.name}} อีเมล {{dpo.email}} โทร {{dpo.phone}}</p>
<p>{{date.today}}</p>`,
  },
  securityPolicy: {
    name: 'นโยบายการรักษาความมั่นคงปลอดภัยของข้อมูล',
    description: 'มาตรการรักษาความมั่นคงปลอดภัยตามมาตรา 37(1) และประกาศ สคส. เรื่องมาตรการความมั่นคงปลอดภัย',
    body: `${head('นโยบายการรักษาความมั่นคงปลอดภัยของข้อมูลส่วนบุคคล')}
<p>{{company.name}} กำหนดมาตรการรักษาความมั่นคงปลอดภัยเพื่อรักษาความลับ ความถูกต้องครบถ้วน และความพร้อมใช้งานของข้อมูลส่วนบุคคล ดังนี้</p>
<ol><li>การควบคุมการเข้าถึงตามหลักสิทธิเท่าที่จำเป็น และทบทวนสิทธิอย่างน้อยปีละครั้ง</li><li>การยืนยันตัวตนที่เหมาะสม การบันทึกและตรวจสอบการเข้าถึงย้อนหลัง</li><li>การเข้ารหัสข้อมูลระหว่างส่งและขณะจัดเก็บเมื่อเหมาะสม</li><li>การสำรองข้อมูลและแผนรับมือเหตุฉุกเฉิน</li><li>การสร้างความตระหนักรู้ให้แก่บุคลากร</li><li>การแจ้งเหตุละเมิดต่อ สคส. ภายใน 72 ชั่วโมง</li></ol>
<p>ผู้รับผิดชอบ: {{dpo.name}} — มีผลตั้งแต่วันที่ {{date.today}}</p>`,
  },
  retentionPolicy: {
    name: 'นโยบายการเก็บรักษาและทำลายข้อมูลส่วนบุคคล',
    description: 'ระยะเวลาการเก็บรักษา และวิธีลบหรือทำลายเมื่อพ้นกำหนด (มาตรา 37(3))',
    body: `${head('นโยบายระยะเวลาการเก็บรักษาข้อมูลส่วนบุคคล')}
<p>{{company.name}} จะเก็บรักษาข้อมูลส่วนบุคคลไว้เท่าที่จำเป็นตามวัตถุประสงค์ และลบหรือทำลายเมื่อพ้นระยะเวลาการเก็บรักษา</p>
<ul><li>ข้อมูลลูกค้า: ตลอดระยะเวลาสัญญาและอีก 10 ปี (อายุความตามกฎหมาย)</li><li>ข้อมูลผู้สมัครงานที่ไม่ได้รับการคัดเลือก: 1 ปี</li><li>บันทึกกล้องวงจรปิด: 30 วัน</li><li>เอกสารทางบัญชีและภาษี: 5 ปีตามประมวลรัษฎากร</li></ul>
<p>การทำลาย: ลบแบบไม่สามารถกู้คืน หรือทำให้เป็นข้อมูลนิรนาม พร้อมบันทึกการทำลาย</p><p>ประกาศ ณ วันที่ {{date.today}}</p>`,
  },
};

const EN: Record<BuiltinTemplate['kind'], Omit<BuiltinTemplate, 'id' | 'kind' | 'lang'>> = {
  privacyNotice: {
    name: 'Privacy notice',
    description: 'Informs data subjects under s.23: purposes, lawful bases, data collected, retention, rights and contacts',
    body: `${headEn('Privacy notice')}
<p>{{company.name}} (the "Company"), as data controller, protects your personal data under the Personal Data Protection Act B.E. 2562 (2019). This notice explains how personal data is collected, used and disclosed for {{notice.name}}.</p>
<h2>1. Purposes of processing</h2><p>{{notice.purposes}}</p><h2>2. Lawful bases</h2><p>{{notice.bases}}</p><h2>3. Personal data collected</h2><p>{{notice.dataCollected}}</p>
<h2>4. Your rights</h2><ul><li>Access and a copy</li><li>Data portability</li><li>Objection</li><li>Erasure</li><li>Restriction</li><li>Rectification</li><li>Withdrawal of consent</li></ul>
<h2>5. Data protection officer</h2><p>{{dpo.name}}, e-mail {{dpo.email}}, phone {{dpo.phone}}</p><p>Issued on {{date.today}} (version {{document.version}})</p>`,
  },
  consentLetter: {
    name: 'Consent letter',
    description: 'Explicit consent under s.19, purpose by purpose, with the right to withdraw',
    body: `${headEn('Consent to the collection, use and disclosure of personal data')}
<p>I, ........................................................, consent to {{company.name}} processing my personal data for the following purposes:</p><p>{{notice.purposes}}</p>
<p>Personal data concerned: {{notice.dataCollected}}</p>
<p>I understand that I may withdraw my consent at any time by contacting {{dpo.name}} ({{dpo.email}}), and that withdrawal does not affect processing lawfully carried out before it.</p>
<p>Signed ........................................................ Data subject<br>Date {{date.today}}</p>`,
  },
  processorAgreement: {
    name: 'Data processing agreement (s.40)',
    description: "Controller-processor agreement: the processor's s.40 duties, security measures, breach notification",
    body: `${headEn('Data processing agreement')}
<p>This agreement is made on {{date.today}} between {{company.name}}, of {{company.address}}, tax ID {{company.taxId}} (the "Controller"), and ........................................................ (the "Processor").</p>
<h2>1. Scope</h2><p>The Processor processes personal data only on the Controller's documented instructions.</p>
<h2>2. The Processor's duties under section 40</h2><ol><li>Collect, use or disclose personal data only on the Controller's instructions, unless those instructions are unlawful.</li><li>Keep appropriate security measures against loss and unauthorised access, use, alteration or disclosure, and notify the Controller of any personal data breach without delay.</li><li>Prepare and keep records of processing activities as the Committee prescribes.</li></ol>
<h2>3. Sub-processors</h2><p>No sub-processor is engaged without the Controller's prior written consent.</p>
<h2>4. Return and deletion</h2><p>When the agreement ends, the Processor returns or deletes all personal data and confirms it in writing.</p>
<h2>5. Contacts</h2><p>The Controller's data protection officer: {{dpo.name}}, e-mail {{dpo.email}}, phone {{dpo.phone}}</p>
<p>Signed ........................................ Controller &nbsp;&nbsp; Signed ........................................ Processor</p>`,
  },
  dpoAppointment: {
    name: 'Order appointing the data protection officer',
    description: 'Appointment of the DPO under s.41 with the duties of s.42',
    body: `${headEn('Order of {{company.name}}: appointment of the data protection officer')}
<p>Under section 41 of the Personal Data Protection Act B.E. 2562, <strong>{{dpo.name}}</strong> is appointed data protection officer of {{company.name}}, with the duties of section 42:</p>
<ol><li>Advise the Company, its employees and contractors on compliance with the Act.</li><li>Monitor the collection, use and disclosure of personal data.</li><li>Coordinate and cooperate with the Office of the Personal Data Protection Committee.</li><li>Keep confidential the personal data learnt in the course of these duties.</li></ol>
<p>Contact: e-mail {{dpo.email}}, phone {{dpo.phone}}</p><p>Effective from {{date.today}}</p><p>Signed ........................................ Chief Executive Officer</p>`,
  },
  breachOffice: {
    name: 'Breach notification to the PDPC Office',
    description: 'Notification to the Office within 72 hours under s.37(4)',
    body: `${headEn('Notification of a personal data breach')}
<p>To: The Secretary-General, Office of the Personal Data Protection Committee (PDPC Office)</p>
<p>{{company.name}} notifies the following personal data breach under section 37(4):</p>
<ul><li>Incident: {{breach.title}}</li><li>Occurred: {{breach.occurredAt}}</li><li>Discovered: {{breach.discoveredAt}}</li><li>Data subjects affected (estimate): {{breach.affectedCount}}</li><li>Personal data involved: {{breach.dataCategories}}</li><li>Nature of the breach: {{breach.description}}</li><li>Likely consequences: {{breach.consequences}}</li><li>Measures taken and planned: {{breach.measures}}</li></ul>
<p>Contact: {{dpo.name}}, e-mail {{dpo.email}}, phone {{dpo.phone}}</p><p>Dated {{date.today}}</p>`,
  },
  breachSubjects: {
    name: 'Breach notice to data subjects',
    description: 'Notice to data subjects of a high-risk breach, with remedies',
    body: `${headEn('Notice of a personal data breach')}
<p>Dear customer,</p><p>{{company.name}} informs you that {{breach.title}} occurred on {{breach.occurredAt}} and may affect your personal data.</p>
<p>What happened: {{breach.description}}</p><p>What we have done: {{breach.measures}}</p><p>What you can do: change your password and beware of messages claiming to come from us.</p>
<p>Questions: {{dpo.name}}, e-mail {{dpo.email}}, phone {{dpo.phone}}</p><p>{{date.today}}</p>`,
  },
  ropaSummary: {
    name: 'ROPA summary',
    description: 'A summary of one processing activity under s.39',
    body: `${headEn('Record of processing activities: summary')}
<ul><li>Activity: {{ropa.activityName}}</li><li>Purpose: {{ropa.purpose}}</li><li>Retention period: {{ropa.retention}}</li></ul><h2>Personal data processed</h2><p>{{ropa.dataItems}}</p>
<p>Controller: {{company.name}} — Data protection officer: {{dpo.name}}</p><p>As of {{date.today}}</p>`,
  },
  indirectNotice: {
    name: 'Notice of personal data collected from other sources (s.25)',
    description: 'Tells data subjects within 30 days of receiving their data from another source, with the s.23 items, made from a ROPA activity',
    body: `${headEn('Notice of personal data collected from another source')}
<p>Dear data subject,</p>
<p>{{company.name}}, as the data controller, informs you under section 25 of the Personal Data Protection Act B.E. 2562 (2019) that it received your personal data from {{ropa.source}} on {{ropa.otherSourceOn}} for {{ropa.activityName}}.</p>
<h2>1. Purposes and legal bases</h2><p>{{ropa.purposes}}</p><p>{{ropa.bases}}</p>
<h2>2. Personal data received</h2><p>{{ropa.dataItems}}</p>
<h2>3. Retention period</h2><p>{{ropa.retention}}</p>
<h2>4. Who may receive it</h2><p>{{ropa.recipients}}</p>
<h2>5. Your rights</h2><p>You may ask to access, obtain a copy of, correct, erase, restrict the use of, object to and port your personal data, withdraw your consent (if any), and complain to the Office of the Personal Data Protection Committee.</p>
<h2>6. Contact</h2><p>{{company.name}}, {{company.address}}, phone {{company.phone}}, e-mail {{company.email}}</p><p>Data protection officer: {{dpo.name}}, e-mail {{dpo.email}}, phone {{dpo.phone}}</p>
<p>{{date.today}}</p>`,
  },
  securityPolicy: {
    name: 'Information security policy',
    description: 'Security measures under s.37(1) and the PDPC notification on security measures',
    body: `${headEn('Personal data security policy')}
<p>{{company.name}} keeps the following measures to protect the confidentiality, integrity and availability of personal data:</p>
<ol><li>Access on a need-to-know basis, reviewed at least yearly.</li><li>Appropriate authentication; access logged and reviewable.</li><li>Encryption in transit and at rest where appropriate.</li><li>Backups and a contingency plan.</li><li>Staff awareness training.</li><li>Breach notification to the PDPC Office within 72 hours.</li></ol><p>Owner: {{dpo.name}} — effective {{date.today}}</p>`,
  },
  retentionPolicy: {
    name: 'Data retention policy',
    description: 'Retention periods, and erasure or destruction when they end (s.37(3))',
    body: `${headEn('Personal data retention policy')}
<p>{{company.name}} keeps personal data only as long as its purposes require, then erases or destroys it.</p>
<ul><li>Customer data: the contract term plus 10 years (limitation period)</li><li>Unsuccessful job applicants: 1 year</li><li>CCTV footage: 30 days</li><li>Accounting and tax records: 5 years (Revenue Code)</li></ul>
<p>Destruction: irreversible deletion or anonymisation, with a destruction log.</p><p>Issued on {{date.today}}</p>`,
  },
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const BUILTIN_TEMPLATES: BuiltinTemplate[] = (['th', 'en'] as const).flatMap((lang) =>
  Object.entries(lang === 'th' ? TH : EN).map(([kind, t]) => ({
    id: `std-${kebab(kind)}-${lang}`,
    kind: kind as BuiltinTemplate['kind'],
    lang,
    ...t,
  })),
);
export const builtinTemplate = (id: string) => BUILTIN_TEMPLATES.find((t) => t.id === id);
