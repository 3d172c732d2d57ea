import { templateContent, type AssessmentKind, type TemplateContent } from '../../../contract/assessments';

/**
 * The built-in templates every company has, in Thai and English: kept in the code (fixed ids, version 1),
 * never edited; a company copies one to make its own. The DPIA follows the four parts of an impact
 * assessment (description, necessity and proportionality, risks to the subjects, measures); the LIA the
 * three tests of legitimate interest (s.24(5)): purpose, necessity, balancing.
 */
export const BUILTIN_IDS: Record<AssessmentKind, string> = {
  dpia: '0d1a0000-0000-4000-8000-000000000001',
  lia: '0d1a0000-0000-4000-8000-000000000002',
};

const yes = (key: string, textTh: string, textEn: string, weight = 1, required = true) => ({
  key,
  textTh,
  textEn,
  kind: 'yesno' as const,
  weight,
  required,
});
const text = (key: string, textTh: string, textEn: string, required = true) => ({ key, textTh, textEn, kind: 'text' as const, weight: 0, required });
const scale = (key: string, textTh: string, textEn: string, helpTh: string, helpEn: string, weight = 1) => ({
  key,
  textTh,
  textEn,
  helpTh,
  helpEn,
  kind: 'scale' as const,
  weight,
  required: true,
});

const DPIA: TemplateContent = templateContent.parse({
  kind: 'dpia',
  nameTh: 'การประเมินผลกระทบด้านการคุ้มครองข้อมูลส่วนบุคคล (DPIA) แบบมาตรฐาน',
  nameEn: 'Data protection impact assessment (DPIA), standard',
  sections: [
    {
      key: 'description',
      titleTh: 'คำอธิบายการประมวลผล',
      titleEn: 'Description of the processing',
      questions: [
        text(
          'nature',
          'อธิบายลักษณะการประมวลผล: เก็บรวบรวม ใช้ เปิดเผยอย่างไร โดยระบบใด',
          'Describe the processing: how the data is collected, used and disclosed, by which systems',
        ),
        text(
          'scope',
          'ขอบเขต: ประเภทข้อมูล จำนวนเจ้าของข้อมูลส่วนบุคคล ความถี่ ระยะเวลาการเก็บรักษา พื้นที่',
          'Scope: kinds of data, number of data subjects, frequency, retention period, area covered',
        ),
        text(
          'context',
          'บริบท: ความสัมพันธ์กับเจ้าของข้อมูล ความคาดหมายของเขา กลุ่มเปราะบาง (เช่น ผู้เยาว์)',
          'Context: the relationship with the subjects, what they expect, vulnerable groups (such as minors)',
        ),
        text('purposes', 'วัตถุประสงค์และประโยชน์ที่คาดว่าจะได้รับ', 'Purposes and the benefits expected'),
      ],
    },
    {
      key: 'necessity',
      titleTh: 'ความจำเป็นและความได้สัดส่วน',
      titleEn: 'Necessity and proportionality',
      questions: [
        text(
          'lawfulBasis',
          'ฐานทางกฎหมายของการประมวลผล (มาตรา 24 หรือ 26) และเหตุผล',
          'The lawful basis of the processing (s.24 or s.26) and why it applies',
        ),
        yes('minimisation', 'เก็บเฉพาะข้อมูลเท่าที่จำเป็นตามวัตถุประสงค์ใช่หรือไม่', 'Is only the data necessary for the purposes collected?', 2),
        yes('retentionSet', 'กำหนดระยะเวลาการเก็บรักษาและการลบหรือทำลายแล้วใช่หรือไม่', 'Are a retention period and its erasure set?'),
        yes('noticeGiven', 'แจ้งประกาศความเป็นส่วนตัวตามมาตรา 23 แก่เจ้าของข้อมูลแล้วใช่หรือไม่', 'Are the subjects given the s.23 privacy notice?'),
        yes('rightsHandled', 'มีช่องทางให้เจ้าของข้อมูลใช้สิทธิ (มาตรา 30-36) ใช่หรือไม่', 'Can the subjects exercise their rights (s.30-36)?'),
        yes('processorsBound', 'ผู้ประมวลผลข้อมูลมีข้อตกลงตามมาตรา 40 ใช่หรือไม่', 'Are the processors bound by an s.40 agreement?', 1, false),
        text('alternatives', 'มีวิธีอื่นที่กระทบความเป็นส่วนตัวน้อยกว่าหรือไม่ เหตุใดจึงไม่เลือก', 'Is there a less intrusive way, and why was it not chosen?', false),
      ],
    },
    {
      key: 'risks',
      titleTh: 'ความเสี่ยงต่อสิทธิและเสรีภาพของเจ้าของข้อมูลส่วนบุคคล',
      titleEn: 'Risks to the rights and freedoms of the data subjects',
      questions: [
        scale(
          'severity',
          'ความรุนแรงของผลกระทบต่อเจ้าของข้อมูลหากข้อมูลรั่วไหลหรือถูกใช้ผิดวัตถุประสงค์',
          'How severe would the harm to the subjects be if the data leaked or were misused?',
          '1 = น้อยมาก … 5 = รุนแรงมาก (ระบุความเสี่ยงแต่ละข้อในตารางความเสี่ยง)',
          '1 = minimal … 5 = severe (list each risk in the risk table)',
          0,
        ),
        text('illegitimateAccess', 'การเข้าถึงโดยมิชอบ: สาเหตุและผลที่อาจเกิด', 'Illegitimate access: its causes and consequences'),
        text('unwantedChange', 'การเปลี่ยนแปลงข้อมูลโดยไม่พึงประสงค์', 'Unwanted change of the data', false),
        text('disappearance', 'ข้อมูลสูญหายหรือใช้งานไม่ได้', 'Loss or unavailability of the data', false),
      ],
    },
    {
      key: 'measures',
      titleTh: 'มาตรการรองรับความเสี่ยง',
      titleEn: 'Measures to address the risks',
      questions: [
        yes('encryption', 'เข้ารหัสข้อมูลขณะจัดเก็บและรับส่งใช่หรือไม่', 'Is the data encrypted at rest and in transit?', 2),
        yes('accessControl', 'จำกัดสิทธิการเข้าถึงตามหน้าที่และบันทึกการเข้าถึงใช่หรือไม่', 'Is access limited by role and logged?', 2),
        yes(
          'pseudonymisation',
          'แฝงข้อมูลหรือทำให้ไม่สามารถระบุตัวตนได้ในส่วนที่ทำได้ใช่หรือไม่',
          'Is the data pseudonymised or anonymised where possible?',
          1,
          false,
        ),
        yes(
          'breachPlan',
          'มีแผนรับมือการละเมิดข้อมูลและแจ้ง สคส. ภายใน 72 ชั่วโมงใช่หรือไม่',
          'Is there a breach plan with notice to the PDPC Office within 72 hours?',
        ),
        yes('training', 'พนักงานที่เกี่ยวข้องผ่านการอบรม PDPA ใช่หรือไม่', 'Have the staff involved been trained on the PDPA?'),
      ],
    },
  ],
});

const LIA: TemplateContent = templateContent.parse({
  kind: 'lia',
  nameTh: 'การประเมินประโยชน์โดยชอบด้วยกฎหมาย (LIA) มาตรา 24(5)',
  nameEn: 'Legitimate-interest assessment (LIA), s.24(5)',
  sections: [
    {
      key: 'purposeTest',
      titleTh: 'การทดสอบวัตถุประสงค์',
      titleEn: 'Purpose test',
      test: 'purpose',
      questions: [
        text(
          'interest',
          'ประโยชน์ที่ต้องการคืออะไร เป็นของผู้ควบคุมข้อมูลหรือบุคคลอื่น',
          'What is the interest, and whose is it (the controller or another person)?',
        ),
        yes('lawfulInterest', 'ประโยชน์นั้นชอบด้วยกฎหมายและไม่ขัดต่อจริยธรรมใช่หรือไม่', 'Is the interest lawful and ethical?', 2),
        yes('realBenefit', 'ประโยชน์นั้นเกิดขึ้นจริงและชัดเจน ไม่ใช่เพียงการคาดการณ์ใช่หรือไม่', 'Is the benefit real and specific, not speculative?'),
      ],
    },
    {
      key: 'necessityTest',
      titleTh: 'การทดสอบความจำเป็น',
      titleEn: 'Necessity test',
      test: 'necessity',
      questions: [
        yes('necessary', 'การประมวลผลจำเป็นต่อการบรรลุประโยชน์นั้นใช่หรือไม่', 'Is the processing necessary to achieve the interest?', 2),
        yes('noLessIntrusive', 'ไม่มีวิธีอื่นที่กระทบเจ้าของข้อมูลน้อยกว่าและได้ผลเท่ากันใช่หรือไม่', 'Is there no less intrusive way that works as well?'),
        text('necessityReason', 'เหตุผลประกอบ', 'Reasons'),
      ],
    },
    {
      key: 'balancingTest',
      titleTh: 'การชั่งน้ำหนักประโยชน์',
      titleEn: 'Balancing test',
      test: 'balancing',
      questions: [
        yes('expected', 'เจ้าของข้อมูลคาดหมายได้อย่างสมเหตุสมผลว่าข้อมูลจะถูกใช้เช่นนี้ใช่หรือไม่', 'Would the subjects reasonably expect this use?', 2),
        scale(
          'impactOnSubjects',
          'ผลกระทบต่อสิทธิและเสรีภาพของเจ้าของข้อมูล',
          'The impact on the rights and freedoms of the subjects',
          '1 = รุนแรงมาก … 5 = แทบไม่มี',
          '1 = severe … 5 = negligible',
        ),
        yes('noVulnerable', 'ไม่มีกลุ่มเปราะบาง (เช่น ผู้เยาว์) ที่ได้รับผลกระทบใช่หรือไม่', 'Are no vulnerable subjects (such as minors) affected?'),
        yes('optOut', 'เจ้าของข้อมูลคัดค้านได้โดยง่าย (มาตรา 32) ใช่หรือไม่', 'Can the subjects object easily (s.32)?'),
        text('safeguards', 'มาตรการป้องกันเพิ่มเติมที่ช่วยให้ผลการชั่งน้ำหนักเป็นธรรม', 'The safeguards that make the balance fair', false),
      ],
    },
  ],
});

export const BUILTIN_TEMPLATES: Record<AssessmentKind, TemplateContent> = { dpia: DPIA, lia: LIA };
export const builtinById = (id: string) => (Object.keys(BUILTIN_IDS) as AssessmentKind[]).find((k) => BUILTIN_IDS[k] === id);
