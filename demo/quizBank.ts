/**
 * The question bank every company starts with: questions on the Personal Data Protection Act B.E. 2562
 * (2019), in Thai and English, each with its explanation and the section it rests on. Copied into a
 * company when it is created (and by the demo seed), then the company's own to edit.
 */
import type { QuizKind, QuizTopic } from '../contract/quiz';

export interface BankQuestion {
  topic: QuizTopic;
  kind: QuizKind;
  reference: string;
  text: { th: string; en: string };
  choices: { th: string; en: string }[];
  correct: number[];
  explanation: { th: string; en: string };
}

const c = (th: string, en: string) => ({ th, en });

export const QUIZ_BANK: BankQuestion[] = [
  // ---- lawful bases ----------------------------------------------------------------------------
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.6',
    text: c(
      'ข้อมูลใดต่อไปนี้ไม่อยู่ในความหมายของ "ข้อมูลส่วนบุคคล" ตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562',
      'Which of these is NOT "personal data" under the PDPA B.E. 2562?',
    ),
    choices: [
      c('หมายเลขโทรศัพท์มือถือของลูกค้า', "A customer's mobile phone number"),
      c('ข้อมูลของผู้ถึงแก่กรรม', 'Information about a deceased person'),
      c('ภาพใบหน้าของพนักงานจากกล้องวงจรปิด', "An employee's face recorded by CCTV"),
      c('อีเมลที่ทำงานซึ่งมีชื่อและนามสกุลของพนักงาน', "A work e-mail address containing an employee's name"),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 6 นิยามข้อมูลส่วนบุคคลว่าเป็นข้อมูลเกี่ยวกับบุคคลซึ่งทำให้สามารถระบุตัวบุคคลนั้นได้ไม่ว่าทางตรงหรือทางอ้อม แต่ไม่รวมถึงข้อมูลของผู้ถึงแก่กรรมโดยเฉพาะ',
      'Section 6 defines personal data as information relating to a person that identifies them directly or indirectly, but specifically excludes the information of deceased persons.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.24(3)',
    text: c(
      'บริษัทใช้เลขบัญชีธนาคารของพนักงานเพื่อโอนเงินเดือนตามสัญญาจ้าง ฐานทางกฎหมายที่เหมาะสมที่สุดคือข้อใด',
      "The company uses an employee's bank account number to pay the salary under the employment contract. Which lawful basis fits best?",
    ),
    choices: [
      c('ความยินยอม (มาตรา 19)', 'Consent (s.19)'),
      c('การปฏิบัติตามสัญญา (มาตรา 24(3))', 'Performance of a contract (s.24(3))'),
      c('ประโยชน์สำคัญต่อชีวิต (มาตรา 24(2))', 'Vital interest (s.24(2))'),
      c('การจัดทำเอกสารประวัติศาสตร์ (มาตรา 24(1))', 'Historical archives (s.24(1))'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 24(3) ให้เก็บรวบรวมข้อมูลได้โดยไม่ต้องขอความยินยอมเมื่อจำเป็นเพื่อการปฏิบัติตามสัญญาซึ่งเจ้าของข้อมูลเป็นคู่สัญญา การจ่ายเงินเดือนเป็นหน้าที่ตามสัญญาจ้าง',
      'Section 24(3) allows collection without consent when necessary to perform a contract to which the data subject is a party; paying the salary is a duty under the employment contract.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.24(6)',
    text: c(
      'การนำส่งข้อมูลเงินเดือนของพนักงานให้กรมสรรพากรและสำนักงานประกันสังคมอาศัยฐานทางกฎหมายใด',
      "Sending employees' salary data to the Revenue Department and the Social Security Office rests on which lawful basis?",
    ),
    choices: [
      c('ประโยชน์โดยชอบด้วยกฎหมาย (มาตรา 24(5))', 'Legitimate interest (s.24(5))'),
      c('ความยินยอมของพนักงาน', "The employees' consent"),
      c('การปฏิบัติหน้าที่ตามกฎหมาย (มาตรา 24(6))', 'Compliance with a legal obligation (s.24(6))'),
      c('ประโยชน์สาธารณะ (มาตรา 24(4))', 'Public task (s.24(4))'),
    ],
    correct: [2],
    explanation: c(
      'มาตรา 24(6) ใช้เมื่อจำเป็นเพื่อปฏิบัติตามกฎหมายที่ผู้ควบคุมข้อมูลต้องปฏิบัติ เช่น ประมวลรัษฎากรและกฎหมายประกันสังคม',
      'Section 24(6) applies where processing is necessary to comply with a law the controller is subject to, such as the Revenue Code and the Social Security Act.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.24(2)',
    text: c(
      'พนักงานหมดสติในสำนักงาน เจ้าหน้าที่ส่งประวัติการแพ้ยาของเขาให้หน่วยกู้ชีพ ฐานทางกฎหมายใดรองรับ',
      'An employee collapses unconscious at the office; staff give his drug allergy record to the paramedics. Which basis supports this?',
    ),
    choices: [
      c('ป้องกันหรือระงับอันตรายต่อชีวิต ร่างกาย หรือสุขภาพ', 'Preventing or suppressing a danger to life, body or health'),
      c('การปฏิบัติตามสัญญาจ้าง', 'Performance of the employment contract'),
      c('ประโยชน์โดยชอบด้วยกฎหมายของบริษัท', "The company's legitimate interest"),
      c('ไม่มีฐานใดรองรับ ต้องรอให้พนักงานฟื้นและให้ความยินยอมก่อน', 'None: staff must wait until he wakes and consents'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 24(2) และสำหรับข้อมูลสุขภาพซึ่งเป็นข้อมูลอ่อนไหว มาตรา 26(1) อนุญาตเมื่อเป็นการป้องกันหรือระงับอันตรายต่อชีวิต ร่างกาย หรือสุขภาพ และเจ้าของข้อมูลไม่สามารถให้ความยินยอมได้',
      'Section 24(2), and for health data (sensitive) s.26(1), allow processing to prevent or suppress a danger to life, body or health when the data subject cannot give consent.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.24(5)',
    text: c('ข้อใดถูกต้องเกี่ยวกับฐานประโยชน์โดยชอบด้วยกฎหมาย (Legitimate Interest)', 'Which statement about the legitimate interest basis is correct?'),
    choices: [
      c('ใช้ได้ทุกกรณีที่บริษัทได้ประโยชน์ทางธุรกิจ', 'It can be used whenever the company gains a business benefit'),
      c(
        'ต้องชั่งน้ำหนักแล้วว่าประโยชน์นั้นไม่น้อยกว่าสิทธิขั้นพื้นฐานของเจ้าของข้อมูล',
        "It requires a balance showing the interest is not overridden by the data subject's fundamental rights",
      ),
      c('ใช้แทนความยินยอมสำหรับข้อมูลสุขภาพได้เสมอ', 'It can always replace consent for health data'),
      c('ไม่ต้องแจ้งเจ้าของข้อมูลเลย', 'The data subject need not be informed at all'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 24(5) ใช้ได้เมื่อจำเป็นเพื่อประโยชน์โดยชอบด้วยกฎหมายของผู้ควบคุมข้อมูลหรือบุคคลอื่น เว้นแต่ประโยชน์นั้นมีความสำคัญน้อยกว่าสิทธิขั้นพื้นฐานในข้อมูลส่วนบุคคลของเจ้าของข้อมูล และยังต้องแจ้งตามมาตรา 23',
      "Section 24(5) applies where necessary for the legitimate interests of the controller or another person, unless those interests are less important than the data subject's fundamental rights; the s.23 notice is still required.",
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'multiple',
    reference: 'ม.26',
    text: c(
      'ข้อมูลใดต่อไปนี้เป็นข้อมูลส่วนบุคคลที่มีความอ่อนไหวตามมาตรา 26 (เลือกได้มากกว่า 1 ข้อ)',
      'Which of these are sensitive personal data under s.26? (choose all that apply)',
    ),
    choices: [
      c('ข้อมูลสุขภาพ', 'Health data'),
      c('ความเชื่อทางศาสนา', 'Religious beliefs'),
      c('ข้อมูลชีวภาพ เช่น ลายนิ้วมือ', 'Biometric data such as fingerprints'),
      c('ที่อยู่ตามทะเบียนบ้าน', 'Registered home address'),
      c('ประวัติอาชญากรรม', 'Criminal records'),
    ],
    correct: [0, 1, 2, 4],
    explanation: c(
      'มาตรา 26 ระบุเชื้อชาติ เผ่าพันธุ์ ความคิดเห็นทางการเมือง ความเชื่อในลัทธิ ศาสนาหรือปรัชญา พฤติกรรมทางเพศ ประวัติอาชญากรรม ข้อมูลสุขภาพ ความพิการ ข้อมูลสหภาพแรงงาน ข้อมูลพันธุกรรม และข้อมูลชีวภาพ ส่วนที่อยู่เป็นข้อมูลส่วนบุคคลทั่วไป',
      'Section 26 lists race, ethnicity, political opinions, religious or philosophical beliefs, sexual behaviour, criminal records, health, disability, trade union, genetic and biometric data. An address is ordinary personal data.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.26',
    text: c(
      'บริษัทต้องการเก็บลายนิ้วมือพนักงานเพื่อใช้ลงเวลาทำงาน โดยทั่วไปต้องอาศัยฐานใด',
      "The company wants employees' fingerprints for the time clock. Which basis is generally required?",
    ),
    choices: [
      c('ประโยชน์โดยชอบด้วยกฎหมาย', 'Legitimate interest'),
      c('การปฏิบัติตามสัญญาจ้าง', 'Performance of the employment contract'),
      c('ความยินยอมโดยชัดแจ้ง และควรมีทางเลือกอื่นให้ผู้ไม่ยินยอม', 'Explicit consent, with another way offered to those who refuse'),
      c('ไม่ต้องมีฐานใด เพราะเป็นข้อมูลภายในบริษัท', 'None, because it stays inside the company'),
    ],
    correct: [2],
    explanation: c(
      'ข้อมูลชีวภาพเป็นข้อมูลอ่อนไหวตามมาตรา 26 การลงเวลาทำงานไม่เข้าข้อยกเว้นของมาตรา 26 จึงต้องได้รับความยินยอมโดยชัดแจ้ง และความยินยอมต้องเป็นอิสระ จึงควรมีวิธีลงเวลาอื่นให้ผู้ที่ไม่ยินยอม',
      'Biometric data is sensitive under s.26 and time keeping is not one of its exceptions, so explicit consent is needed; consent must be free, so an alternative should be offered.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.5',
    text: c(
      'บริษัทที่ตั้งอยู่นอกประเทศไทยแต่ขายสินค้าออนไลน์ให้ผู้บริโภคในประเทศไทย อยู่ภายใต้ พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคลหรือไม่',
      'Is a company based outside Thailand that sells online to consumers in Thailand subject to the PDPA?',
    ),
    choices: [
      c('ไม่อยู่ เพราะไม่มีสำนักงานในประเทศไทย', 'No, it has no office in Thailand'),
      c('อยู่ เมื่อเสนอสินค้าหรือบริการแก่เจ้าของข้อมูลที่อยู่ในประเทศไทย', 'Yes, when it offers goods or services to data subjects in Thailand'),
      c('อยู่เฉพาะเมื่อใช้เซิร์ฟเวอร์ในประเทศไทย', 'Only if its servers are in Thailand'),
      c('อยู่เฉพาะเมื่อเก็บข้อมูลอ่อนไหว', 'Only if it collects sensitive data'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 5 วรรคสอง ให้ใช้บังคับกับผู้ควบคุมข้อมูลนอกราชอาณาจักรที่เสนอสินค้าหรือบริการแก่เจ้าของข้อมูลซึ่งอยู่ในราชอาณาจักร หรือเฝ้าติดตามพฤติกรรมที่เกิดขึ้นในราชอาณาจักร',
      'Section 5 paragraph 2 applies the Act to controllers outside Thailand that offer goods or services to data subjects in Thailand or monitor their behaviour taking place in Thailand.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.28',
    text: c(
      'การส่งข้อมูลลูกค้าไปยังผู้ให้บริการคลาวด์ในต่างประเทศ หลักทั่วไปตามมาตรา 28 คือข้อใด',
      'Under s.28, what is the general rule for sending customer data to a cloud provider abroad?',
    ),
    choices: [
      c('ทำได้เสมอหากมีสัญญากับผู้ให้บริการ', 'Always allowed if there is a contract with the provider'),
      c('ห้ามโดยเด็ดขาดทุกกรณี', 'Always forbidden'),
      c(
        'ประเทศปลายทางต้องมีมาตรฐานการคุ้มครองข้อมูลที่เพียงพอ เว้นแต่เข้าข้อยกเว้นที่กฎหมายกำหนด',
        'The destination must have adequate protection standards, unless a statutory exception applies',
      ),
      c('ต้องขออนุญาตศาลก่อน', 'A court order is needed first'),
    ],
    correct: [2],
    explanation: c(
      'มาตรา 28 กำหนดให้ประเทศปลายทางหรือองค์การระหว่างประเทศต้องมีมาตรฐานการคุ้มครองข้อมูลที่เพียงพอ เว้นแต่เข้าข้อยกเว้น เช่น ได้รับความยินยอมโดยแจ้งถึงมาตรฐานที่ไม่เพียงพอ หรือจำเป็นเพื่อปฏิบัติตามสัญญา นอกจากนี้อาจใช้มาตรการคุ้มครองที่เหมาะสมตามมาตรา 29',
      'Section 28 requires the destination country or organisation to have adequate standards, unless an exception applies (e.g. consent after being told of the inadequate standard, or necessity for a contract); appropriate safeguards under s.29 are another route.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.23',
    text: c(
      'ตามมาตรา 23 ผู้ควบคุมข้อมูลต้องแจ้งรายละเอียดการเก็บข้อมูลแก่เจ้าของข้อมูลเมื่อใด',
      'Under s.23, when must the controller inform the data subject about the collection?',
    ),
    choices: [
      c('ก่อนหรือในขณะเก็บรวบรวมข้อมูล', 'Before or at the time of collection'),
      c('ภายใน 1 ปีหลังเก็บข้อมูล', 'Within one year after collection'),
      c('เฉพาะเมื่อเจ้าของข้อมูลร้องขอ', 'Only when the data subject asks'),
      c('เมื่อมีเหตุละเมิดข้อมูลเท่านั้น', 'Only when there is a breach'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 23 กำหนดให้แจ้งก่อนหรือในขณะเก็บรวบรวม ได้แก่ วัตถุประสงค์ ฐานทางกฎหมาย ข้อมูลที่เก็บ ระยะเวลาเก็บรักษา ผู้ที่อาจได้รับข้อมูล ข้อมูลติดต่อผู้ควบคุมข้อมูลและ DPO และสิทธิของเจ้าของข้อมูล (หากเก็บจากแหล่งอื่น ต้องแจ้งภายใน 30 วันตามมาตรา 25)',
      "Section 23 requires notice before or at collection: purposes, lawful basis, data collected, retention period, recipients, controller and DPO contacts and the data subject's rights (data from other sources: within 30 days, s.25).",
    ),
  },
  // ---- consent ---------------------------------------------------------------------------------
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.19',
    text: c('ข้อใดเป็นลักษณะของความยินยอมที่ถูกต้องตามมาตรา 19', 'Which describes valid consent under s.19?'),
    choices: [
      c('ช่องทำเครื่องหมาย "ยินยอม" ที่ติ๊กไว้ล่วงหน้า', 'A pre-ticked "I agree" box'),
      c(
        'ขอโดยชัดแจ้ง แยกส่วนจากข้อความอื่น เข้าใจง่าย และไม่หลอกลวง',
        'Requested explicitly, separate from other terms, easy to understand and not misleading',
      ),
      c('ความเงียบของลูกค้าถือว่ายินยอม', "The customer's silence counts as consent"),
      c('เขียนรวมไว้ในข้อกำหนดการใช้บริการหน้าที่ 12', 'Buried on page 12 of the terms of service'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 19 กำหนดให้ขอความยินยอมโดยชัดแจ้ง เป็นหนังสือหรือทางระบบอิเล็กทรอนิกส์ แยกส่วนออกจากข้อความอื่นอย่างชัดเจน ใช้ภาษาที่อ่านง่าย และไม่เป็นการหลอกลวงหรือทำให้เข้าใจผิด',
      'Section 19 requires explicit consent, in writing or electronically, clearly separate from other matters, in plain language, and not deceptive or misleading.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.19 วรรคห้า',
    text: c('การถอนความยินยอมต้องทำได้อย่างไร', 'How must withdrawal of consent work?'),
    choices: [
      c('ต้องยื่นเป็นหนังสือที่สำนักงานใหญ่เท่านั้น', 'Only by a letter delivered to head office'),
      c(
        'ทำได้ง่ายเช่นเดียวกับการให้ความยินยอม เว้นแต่มีข้อจำกัดตามกฎหมายหรือสัญญาที่ให้ประโยชน์แก่เจ้าของข้อมูล',
        'As easily as consent was given, unless limited by law or a contract that benefits the data subject',
      ),
      c('ถอนได้หลังจากผ่านไป 1 ปี', 'Only after one year'),
      c('ถอนไม่ได้เมื่อให้ไปแล้ว', 'It cannot be withdrawn once given'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 19 วรรคห้า เจ้าของข้อมูลจะถอนความยินยอมเสียเมื่อใดก็ได้โดยง่ายเช่นเดียวกับการให้ความยินยอม เว้นแต่มีข้อจำกัดสิทธิตามกฎหมายหรือสัญญาที่ให้ประโยชน์แก่เจ้าของข้อมูล',
      'Section 19 paragraph 5: consent may be withdrawn at any time as easily as it was given, unless restricted by law or by a contract that benefits the data subject.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.19 วรรคห้า',
    text: c(
      'เมื่อลูกค้าถอนความยินยอมแล้ว ผลต่อการประมวลผลที่ทำไปก่อนหน้าเป็นอย่างไร',
      'When a customer withdraws consent, what happens to processing done before?',
    ),
    choices: [
      c('กลายเป็นการประมวลผลที่ผิดกฎหมายย้อนหลัง', 'It becomes unlawful retroactively'),
      c('ไม่กระทบการประมวลผลที่ได้ทำไปแล้วโดยชอบ', 'It does not affect the processing already lawfully done'),
      c('บริษัทต้องจ่ายค่าชดเชย', 'The company must pay compensation'),
      c('บริษัทต้องแจ้ง สคส. ภายใน 72 ชั่วโมง', 'The company must notify the PDPC Office within 72 hours'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 19 วรรคห้า การถอนความยินยอมย่อมไม่ส่งผลกระทบต่อการเก็บรวบรวม ใช้ หรือเปิดเผยข้อมูลที่ได้ให้ความยินยอมไปแล้วโดยชอบ และวรรคหกกำหนดให้ผู้ควบคุมข้อมูลแจ้งผลกระทบจากการถอนให้เจ้าของข้อมูลทราบ',
      'Section 19 paragraph 5: withdrawal does not affect processing already lawfully consented to; paragraph 6 requires the controller to tell the data subject the consequences of withdrawing.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.19 วรรคสี่',
    text: c(
      'ร้านค้าออนไลน์บังคับให้ลูกค้ายินยอมรับโฆษณาจากพันธมิตรก่อนจึงจะสั่งซื้อสินค้าได้ ข้อใดถูกต้อง',
      'An online shop makes customers consent to partner advertising before they can buy anything. Which is correct?',
    ),
    choices: [
      c('ถูกต้อง เพราะลูกค้าเลือกซื้อที่อื่นได้', 'Fine, the customer can shop elsewhere'),
      c(
        'ความยินยอมนั้นอาจไม่เป็นอิสระ เพราะผูกไว้เป็นเงื่อนไขของสัญญาที่ไม่จำเป็นต้องใช้ข้อมูลนั้น',
        'The consent may not be free: it is made a condition of a contract that does not need that data',
      ),
      c('ถูกต้อง หากเขียนไว้ในนโยบายความเป็นส่วนตัว', 'Fine if it is in the privacy policy'),
      c('ถูกต้อง หากลูกค้าอายุเกิน 20 ปี', 'Fine if the customer is over 20'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 19 วรรคสี่ ให้คำนึงถึงความเป็นอิสระของความยินยอม โดยต้องไม่มีเงื่อนไขให้ความยินยอมเพื่อเข้าทำสัญญา ซึ่งรวมถึงการให้บริการใด ๆ ที่ไม่มีความจำเป็นหรือเกี่ยวข้องสำหรับการเข้าทำสัญญานั้น',
      'Section 19 paragraph 4: consent must be freely given; entering a contract or receiving a service must not be conditional on consent to processing that is not necessary for it.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.20',
    text: c(
      'ผู้เยาว์อายุ 8 ปีสมัครเป็นสมาชิกแอปเกม การเก็บข้อมูลโดยอาศัยความยินยอมต้องได้รับความยินยอมจากใคร',
      'An 8-year-old signs up to a game app. Whose consent is needed when consent is the basis?',
    ),
    choices: [
      c('ตัวผู้เยาว์เองเท่านั้น', 'The child alone'),
      c('ผู้ใช้อำนาจปกครองที่มีอำนาจกระทำการแทนผู้เยาว์', 'The holder of parental responsibility acting for the child'),
      c('ครูประจำชั้น', "The child's class teacher"),
      c('ไม่ต้องขอความยินยอมจากใคร', 'Nobody'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 20 ผู้เยาว์ที่มีอายุไม่เกิน 10 ปี ต้องได้รับความยินยอมจากผู้ใช้อำนาจปกครอง ส่วนผู้เยาว์อายุเกิน 10 ปีแต่ยังไม่บรรลุนิติภาวะ ต้องได้รับความยินยอมจากผู้ใช้อำนาจปกครองด้วย เว้นแต่เป็นการที่ผู้เยาว์ทำได้เองตามประมวลกฎหมายแพ่งและพาณิชย์',
      'Section 20: for a minor not over 10, consent comes from the holder of parental responsibility; an older minor also needs it unless the act is one the minor may do alone under the Civil and Commercial Code.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.21',
    text: c(
      'บริษัทเก็บเบอร์โทรลูกค้าเพื่อจัดส่งสินค้า ต่อมาต้องการใช้เบอร์นั้นเพื่อโทรเสนอขายประกัน ต้องทำอย่างไร',
      'The company collected phone numbers to deliver goods and now wants to call the customers to sell insurance. What must it do?',
    ),
    choices: [
      c('ใช้ได้เลย เพราะเก็บมาโดยชอบแล้ว', 'Use them: they were lawfully collected'),
      c(
        'แจ้งวัตถุประสงค์ใหม่และขอความยินยอมก่อนใช้ เว้นแต่มีฐานอื่นตามกฎหมายรองรับ',
        'Tell them the new purpose and obtain consent first, unless another lawful basis applies',
      ),
      c('แจ้ง สคส. ก่อนใช้', 'Notify the PDPC Office first'),
      c('ใช้ได้หากโทรไม่เกินเดือนละครั้ง', 'Use them if calls are at most once a month'),
    ],
    correct: [1],
    explanation: c(
      'มาตรา 21 ต้องใช้ข้อมูลตามวัตถุประสงค์ที่แจ้งไว้ การใช้เพื่อวัตถุประสงค์ใหม่ต้องแจ้งวัตถุประสงค์ใหม่และได้รับความยินยอมก่อน เว้นแต่กฎหมายบัญญัติให้ทำได้',
      'Section 21: data must be used for the notified purpose; a new purpose needs notice and consent beforehand unless the law permits it.',
    ),
  },
  {
    topic: 'consent',
    kind: 'multiple',
    reference: 'ม.19',
    text: c('แบบฟอร์มขอความยินยอมที่ดีควรมีลักษณะใดบ้าง (เลือกได้มากกว่า 1 ข้อ)', 'What should a good consent form have? (choose all that apply)'),
    choices: [
      c('แจ้งวัตถุประสงค์ของการเก็บข้อมูลอย่างชัดเจน', 'A clear statement of the purpose'),
      c('แยกความยินยอมแต่ละวัตถุประสงค์ให้เลือกได้', 'A separate choice for each purpose'),
      c('บอกวิธีถอนความยินยอม', 'How to withdraw consent'),
      c('ช่องยินยอมที่ติ๊กไว้ให้แล้ว', 'Boxes already ticked'),
    ],
    correct: [0, 1, 2],
    explanation: c(
      'มาตรา 19 กำหนดให้แจ้งวัตถุประสงค์ในการขอความยินยอม ขอแยกส่วนออกจากข้อความอื่น และถอนได้โดยง่าย การติ๊กไว้ล่วงหน้าไม่ใช่การแสดงเจตนาโดยชัดแจ้ง',
      'Section 19 requires the purpose to be stated, the request to be separate, and withdrawal to be easy; a pre-ticked box is not an explicit indication of wishes.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.26',
    text: c(
      'โรงพยาบาลต้องการใช้ผลตรวจสุขภาพของผู้ป่วยในสื่อโฆษณา ต้องอาศัยฐานใด',
      "A hospital wants to use a patient's test results in an advertisement. Which basis is required?",
    ),
    choices: [
      c('ความยินยอมโดยชัดแจ้งของผู้ป่วย', "The patient's explicit consent"),
      c('ประโยชน์โดยชอบด้วยกฎหมายของโรงพยาบาล', "The hospital's legitimate interest"),
      c('การปฏิบัติตามสัญญาการรักษา', 'Performance of the treatment contract'),
      c('ไม่ต้องมีฐาน หากปิดหน้าผู้ป่วย', 'None if the face is blurred'),
    ],
    correct: [0],
    explanation: c(
      'ข้อมูลสุขภาพเป็นข้อมูลอ่อนไหวตามมาตรา 26 การใช้เพื่อโฆษณาไม่เข้าข้อยกเว้นใด จึงต้องได้รับความยินยอมโดยชัดแจ้ง',
      'Health data is sensitive under s.26 and advertising is not one of its exceptions, so explicit consent is required.',
    ),
  },
  // ---- data subject rights ---------------------------------------------------------------------
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.30',
    text: c(
      'เมื่อได้รับคำขอเข้าถึงและขอรับสำเนาข้อมูล ผู้ควบคุมข้อมูลต้องดำเนินการภายในกี่วัน',
      'Within how many days must the controller act on a request for access and a copy?',
    ),
    choices: [c('7 วัน', '7 days'), c('15 วัน', '15 days'), c('30 วันนับแต่วันที่ได้รับคำขอ', '30 days from receiving the request'), c('90 วัน', '90 days')],
    correct: [2],
    explanation: c(
      'มาตรา 30 วรรคสาม ผู้ควบคุมข้อมูลต้องปฏิบัติตามคำขอโดยไม่ชักช้า แต่ต้องไม่เกิน 30 วันนับแต่วันที่ได้รับคำขอ',
      'Section 30 paragraph 3: the controller must comply without delay and within 30 days of receiving the request.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.31',
    text: c(
      'สิทธิขอรับข้อมูลในรูปแบบที่อ่านหรือใช้งานโดยทั่วไปได้ด้วยเครื่องมืออัตโนมัติ และขอให้ส่งไปยังผู้ควบคุมข้อมูลรายอื่น คือสิทธิใด',
      'The right to receive data in a commonly used machine-readable format and have it sent to another controller is:',
    ),
    choices: [
      c('สิทธิขอรับและโอนย้ายข้อมูล (มาตรา 31)', 'Data portability (s.31)'),
      c('สิทธิคัดค้าน (มาตรา 32)', 'Objection (s.32)'),
      c('สิทธิขอให้ระงับการใช้ (มาตรา 34)', 'Restriction (s.34)'),
      c('สิทธิขอให้แก้ไข (มาตรา 35-36)', 'Rectification (s.35-36)'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 31 ให้สิทธิขอรับข้อมูลในรูปแบบที่สามารถอ่านหรือใช้งานโดยทั่วไปได้ด้วยเครื่องมือหรืออุปกรณ์ที่ทำงานได้โดยอัตโนมัติ และขอให้ส่งหรือโอนไปยังผู้ควบคุมข้อมูลอื่น',
      'Section 31 grants the right to receive data in a format readable or usable by automatic tools and to have it sent or transferred to another controller.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.32',
    text: c(
      'ลูกค้าคัดค้านการใช้ข้อมูลของตนเพื่อการตลาดแบบตรง บริษัทต้องทำอย่างไร',
      'A customer objects to the use of their data for direct marketing. What must the company do?',
    ),
    choices: [
      c('หยุดใช้เพื่อการตลาดแบบตรง', 'Stop using it for direct marketing'),
      c('ขอให้ลูกค้าพิสูจน์ความเสียหายก่อน', 'Ask the customer to prove harm first'),
      c('ปฏิเสธได้หากมีประโยชน์ทางธุรกิจ', 'Refuse if there is a business benefit'),
      c('ลบข้อมูลทั้งหมดของลูกค้าทันทีรวมถึงใบกำกับภาษี', "Delete all the customer's data at once, tax invoices included"),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 32(2) เจ้าของข้อมูลคัดค้านการประมวลผลเพื่อวัตถุประสงค์เกี่ยวกับการตลาดแบบตรงได้ และผู้ควบคุมข้อมูลต้องแยกข้อมูลและหยุดใช้เพื่อการนั้น โดยไม่จำเป็นต้องลบข้อมูลที่ต้องเก็บตามกฎหมาย',
      'Section 32(2): a data subject may object to processing for direct marketing, and the controller must stop; records the law requires (e.g. tax invoices) need not be deleted.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.33',
    text: c('กรณีใดที่ผู้ควบคุมข้อมูลปฏิเสธคำขอให้ลบข้อมูลได้', 'When may the controller refuse a request for erasure?'),
    choices: [
      c(
        'เมื่อข้อมูลยังจำเป็นต้องเก็บเพื่อปฏิบัติตามกฎหมาย หรือเพื่อการใช้สิทธิเรียกร้องตามกฎหมาย',
        'When the data must still be kept to comply with a law, or for legal claims',
      ),
      c('เมื่อการลบทำให้เสียเวลา', 'When deleting takes effort'),
      c('เมื่อเจ้าของข้อมูลยังไม่ได้ชำระค่าธรรมเนียม', 'When the data subject has not paid a fee'),
      c('เมื่อข้อมูลอยู่ในระบบสำรอง', 'Whenever the data is in a backup'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 33 วรรคสอง ยกเว้นการลบเมื่อการเก็บรักษาเป็นไปเพื่อเสรีภาพในการแสดงความคิดเห็น วัตถุประสงค์ตามมาตรา 24(1) หรือ (4) หรือมาตรา 26(5)(ก)(ข) การก่อตั้ง ใช้ หรือยกขึ้นต่อสู้สิทธิเรียกร้องตามกฎหมาย หรือเพื่อปฏิบัติตามกฎหมาย การปฏิเสธต้องบันทึกเหตุผลไว้',
      'Section 33 paragraph 2 exempts retention for freedom of expression, purposes under s.24(1) or (4) or s.26(5)(a)(b), legal claims, or compliance with law; a refusal must be recorded with its reasons.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.34(1)',
    text: c(
      'ระหว่างที่บริษัทตรวจสอบคำขอแก้ไขข้อมูลที่เจ้าของข้อมูลโต้แย้งว่าไม่ถูกต้อง เจ้าของข้อมูลใช้สิทธิใดได้',
      'While the company checks a rectification request the data subject disputes, which right can the data subject use?',
    ),
    choices: [
      c('สิทธิขอให้ระงับการใช้ข้อมูล', 'Restriction of processing'),
      c('สิทธิขอรับค่าชดเชยทันที', 'Immediate compensation'),
      c('สิทธิขอให้ปิดบริษัท', 'Closing the company'),
      c('ไม่มีสิทธิใดระหว่างนั้น', 'No right in the meantime'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 34(1) เจ้าของข้อมูลขอให้ระงับการใช้ได้เมื่ออยู่ระหว่างการตรวจสอบตามคำขอให้แก้ไขข้อมูลให้ถูกต้องตามมาตรา 36',
      'Section 34(1): the data subject may ask for restriction while the controller is examining a request to correct the data under s.36.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'multiple',
    reference: 'ม.30-36',
    text: c(
      'ข้อใดเป็นสิทธิของเจ้าของข้อมูลตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล (เลือกได้มากกว่า 1 ข้อ)',
      'Which are rights of the data subject under the PDPA? (choose all that apply)',
    ),
    choices: [
      c('สิทธิขอเข้าถึงและขอรับสำเนาข้อมูล', 'Access and a copy'),
      c('สิทธิขอให้ลบหรือทำลายข้อมูล', 'Erasure or destruction'),
      c('สิทธิขอให้แก้ไขข้อมูลให้ถูกต้อง', 'Rectification'),
      c('สิทธิขอดูข้อมูลส่วนบุคคลของพนักงานคนอื่น', "Seeing other employees' personal data"),
    ],
    correct: [0, 1, 2],
    explanation: c(
      'มาตรา 30-36 รับรองสิทธิขอเข้าถึง ขอรับและโอนย้าย คัดค้าน ลบหรือทำลาย ระงับการใช้ และแก้ไขข้อมูล ไม่มีสิทธิขอดูข้อมูลของบุคคลอื่น และการให้ข้อมูลที่กระทบสิทธิของผู้อื่นเป็นเหตุปฏิเสธได้',
      "Sections 30-36 grant access, portability, objection, erasure, restriction and rectification; there is no right to see other people's data, and harm to others' rights is a ground for refusal.",
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.30 วรรคสอง',
    text: c('ผู้ควบคุมข้อมูลปฏิเสธคำขอเข้าถึงข้อมูลได้ในกรณีใด', 'When may the controller refuse a request for access?'),
    choices: [
      c(
        'เมื่อเป็นการปฏิเสธตามกฎหมายหรือคำสั่งศาล หรือการเข้าถึงจะกระทบสิทธิและเสรีภาพของบุคคลอื่น',
        "When refusal is required by law or a court order, or access would harm others' rights and freedoms",
      ),
      c('เมื่อผู้ขอเป็นอดีตพนักงาน', 'When the requester is a former employee'),
      c('เมื่อคำขอส่งมาทางอีเมล', 'When the request comes by e-mail'),
      c('เมื่อฝ่ายที่ดูแลข้อมูลไม่ว่าง', 'When the team holding the data is busy'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 30 วรรคสอง ให้ปฏิเสธได้เฉพาะกรณีที่เป็นการปฏิเสธตามกฎหมายหรือคำสั่งศาล และการเข้าถึงหรือขอรับสำเนาจะส่งผลกระทบที่อาจก่อให้เกิดความเสียหายต่อสิทธิและเสรีภาพของบุคคลอื่น และต้องบันทึกการปฏิเสธพร้อมเหตุผลไว้ในบันทึกรายการ (มาตรา 39)',
      'Section 30 paragraph 2 allows refusal only where required by law or a court order, or where access would damage the rights and freedoms of others; the refusal and its reasons go into the record of processing (s.39).',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.39',
    text: c('การปฏิเสธคำขอใช้สิทธิของเจ้าของข้อมูลต้องบันทึกไว้ที่ใด', "Where must a refusal of a data subject's request be recorded?"),
    choices: [
      c('ในบันทึกรายการของกิจกรรมการประมวลผล (ROPA) ตามมาตรา 39', 'In the record of processing activities (ROPA) under s.39'),
      c('ไม่ต้องบันทึก', 'It need not be recorded'),
      c('ในราชกิจจานุเบกษา', 'In the Royal Gazette'),
      c('ในสมุดเยี่ยมของบริษัท', "In the company's guest book"),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 39 วรรคหนึ่ง (7) กำหนดให้บันทึกการปฏิเสธคำขอหรือการคัดค้านตามมาตรา 30 วรรคสาม มาตรา 31 วรรคสาม มาตรา 32 วรรคสาม และมาตรา 36 วรรคหนึ่ง ไว้ในบันทึกรายการ',
      'Section 39 paragraph 1 (7) requires refusals of requests or objections (s.30, 31, 32, 36) to be kept in the record of processing.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.73',
    text: c('หากบริษัทไม่ปฏิบัติตามคำขอใช้สิทธิ เจ้าของข้อมูลร้องเรียนต่อใครได้', 'If the company ignores a rights request, whom can the data subject complain to?'),
    choices: [
      c('คณะกรรมการผู้เชี่ยวชาญภายใต้คณะกรรมการคุ้มครองข้อมูลส่วนบุคคล', 'The expert committee under the Personal Data Protection Committee'),
      c('กรมพัฒนาธุรกิจการค้า', 'The Department of Business Development'),
      c('ตลาดหลักทรัพย์แห่งประเทศไทย', 'The Stock Exchange of Thailand'),
      c('ร้องเรียนไม่ได้', 'Nobody'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 73 เจ้าของข้อมูลมีสิทธิร้องเรียนในกรณีที่ผู้ควบคุมข้อมูลหรือผู้ประมวลผลข้อมูลฝ่าฝืนหรือไม่ปฏิบัติตาม พ.ร.บ. โดยคณะกรรมการผู้เชี่ยวชาญเป็นผู้พิจารณา',
      'Section 73: a data subject may complain when a controller or processor breaches the Act; the expert committee considers complaints.',
    ),
  },
  {
    topic: 'dsr',
    kind: 'single',
    reference: 'ม.35',
    text: c('หน้าที่ตามมาตรา 35 ของผู้ควบคุมข้อมูลคือข้อใด', "What is the controller's duty under s.35?"),
    choices: [
      c('ดูแลให้ข้อมูลถูกต้อง เป็นปัจจุบัน สมบูรณ์ และไม่ก่อให้เกิดความเข้าใจผิด', 'Keep data accurate, up to date, complete and not misleading'),
      c('เผยแพร่ข้อมูลลูกค้าบนเว็บไซต์', 'Publish customer data on the website'),
      c('เก็บข้อมูลไว้ตลอดไป', 'Keep data forever'),
      c('ส่งข้อมูลให้ สคส. ทุกเดือน', 'Send data to the PDPC Office monthly'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 35 ผู้ควบคุมข้อมูลต้องดำเนินการให้ข้อมูลส่วนบุคคลถูกต้อง เป็นปัจจุบัน สมบูรณ์ และไม่ก่อให้เกิดความเข้าใจผิด',
      'Section 35: the controller must ensure personal data is accurate, up to date, complete and not misleading.',
    ),
  },
  // ---- breach ----------------------------------------------------------------------------------
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.37(4)',
    text: c(
      'เมื่อเกิดเหตุละเมิดข้อมูลส่วนบุคคลที่มีความเสี่ยงต่อสิทธิและเสรีภาพของบุคคล ผู้ควบคุมข้อมูลต้องแจ้ง สคส. ภายในเวลาใด',
      'When a breach poses a risk to the rights and freedoms of persons, by when must the controller notify the PDPC Office?',
    ),
    choices: [
      c('โดยไม่ชักช้าภายใน 72 ชั่วโมงนับแต่ทราบเหตุ', 'Without delay, within 72 hours of becoming aware'),
      c('ภายใน 7 วัน', 'Within 7 days'),
      c('ภายใน 30 วัน', 'Within 30 days'),
      c('เมื่อสอบสวนเสร็จสิ้น', 'Once the investigation is finished'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 37(4) ให้แจ้งเหตุการละเมิดแก่สำนักงานโดยไม่ชักช้าภายใน 72 ชั่วโมงนับแต่ทราบเหตุเท่าที่จะสามารถกระทำได้ เว้นแต่การละเมิดนั้นไม่มีความเสี่ยงที่จะมีผลกระทบต่อสิทธิและเสรีภาพของบุคคล',
      'Section 37(4): notify the Office without delay and, where feasible, within 72 hours of becoming aware, unless the breach is unlikely to risk the rights and freedoms of persons.',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.37(4)',
    text: c('กรณีใดที่ผู้ควบคุมข้อมูลต้องแจ้งเหตุละเมิดให้เจ้าของข้อมูลทราบด้วย', 'When must the controller also tell the affected data subjects about a breach?'),
    choices: [
      c(
        'เมื่อการละเมิดมีความเสี่ยงสูงที่จะมีผลกระทบต่อสิทธิและเสรีภาพ พร้อมแนวทางการเยียวยา',
        'When the breach is likely to result in a high risk to their rights and freedoms, together with the remedies',
      ),
      c('ทุกครั้งที่มีอีเมลส่งผิดภายในบริษัท', 'Every time an e-mail goes to the wrong colleague'),
      c('ไม่ต้องแจ้งเจ้าของข้อมูลเลย', 'Never'),
      c('เฉพาะเมื่อเจ้าของข้อมูลถามมา', 'Only if they ask'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 37(4) ในกรณีที่การละเมิดมีความเสี่ยงสูงที่จะมีผลกระทบต่อสิทธิและเสรีภาพของบุคคล ให้แจ้งเหตุการละเมิดพร้อมกับแนวทางการเยียวยาให้เจ้าของข้อมูลทราบโดยไม่ชักช้าด้วย',
      'Section 37(4): where the breach is likely to result in a high risk to rights and freedoms, the data subjects must also be told without delay, with the remedial measures.',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.40(2)',
    text: c(
      'ผู้ให้บริการภายนอกที่ประมวลผลข้อมูลแทนบริษัท (ผู้ประมวลผลข้อมูล) พบเหตุละเมิด ต้องทำอย่างไร',
      'An outside vendor processing data for the company (a processor) finds a breach. What must it do?',
    ),
    choices: [
      c('แจ้งผู้ควบคุมข้อมูลถึงเหตุการละเมิดที่เกิดขึ้น', 'Notify the controller of the breach'),
      c('ลบข้อมูลทั้งหมดโดยไม่แจ้งใคร', 'Delete everything and tell nobody'),
      c('ประกาศต่อสื่อมวลชนก่อน', 'Announce it to the media first'),
      c('รอจนสัญญาหมดอายุ', 'Wait until the contract ends'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 40(2) ผู้ประมวลผลข้อมูลต้องจัดให้มีมาตรการรักษาความมั่นคงปลอดภัยที่เหมาะสม และแจ้งให้ผู้ควบคุมข้อมูลทราบถึงเหตุการละเมิดข้อมูลส่วนบุคคลที่เกิดขึ้น',
      'Section 40(2): the processor must keep appropriate security measures and notify the controller of any personal data breach.',
    ),
  },
  {
    topic: 'breach',
    kind: 'multiple',
    reference: 'ม.37(4)',
    text: c(
      'เหตุการณ์ใดเป็นเหตุละเมิดข้อมูลส่วนบุคคลที่ต้องรายงานทีมคุ้มครองข้อมูลทันที (เลือกได้มากกว่า 1 ข้อ)',
      'Which are personal data breaches to report to the data protection team at once? (choose all that apply)',
    ),
    choices: [
      c('โน้ตบุ๊กที่มีข้อมูลลูกค้าและไม่ได้เข้ารหัสหายไป', 'An unencrypted laptop with customer data is lost'),
      c('ส่งไฟล์เงินเดือนพนักงานทั้งบริษัทไปยังอีเมลภายนอกผิดคน', 'The payroll file of all staff is e-mailed to the wrong outside address'),
      c('ระบบถูกแรนซัมแวร์เข้ารหัสจนใช้งานข้อมูลลูกค้าไม่ได้', 'Ransomware encrypts the customer system so the data cannot be used'),
      c('พนักงานเปลี่ยนรหัสผ่านตามรอบ', 'An employee changes a password on schedule'),
    ],
    correct: [0, 1, 2],
    explanation: c(
      'การละเมิดรวมถึงการสูญหาย เข้าถึง เปิดเผย หรือทำให้ใช้งานไม่ได้โดยมิชอบ ทั้งด้านความลับ ความถูกต้องครบถ้วน และความพร้อมใช้งาน ควรรายงานทันทีเพื่อให้ประเมินและแจ้ง สคส. ได้ภายใน 72 ชั่วโมงตามมาตรา 37(4)',
      'A breach covers loss, unauthorised access or disclosure, and loss of availability (confidentiality, integrity, availability). Report at once so it can be assessed and notified within 72 hours (s.37(4)).',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.37(4)',
    text: c('ระยะเวลา 72 ชั่วโมงในการแจ้ง สคส. เริ่มนับเมื่อใด', 'When does the 72-hour clock for notifying the PDPC Office start?'),
    choices: [
      c('เมื่อผู้ควบคุมข้อมูลทราบเหตุการละเมิด', 'When the controller becomes aware of the breach'),
      c('เมื่อผู้บริหารสูงสุดอนุมัติ', 'When the CEO approves'),
      c('เมื่อสื่อมวลชนรายงานข่าว', 'When the media reports it'),
      c('ในวันทำการถัดไป', 'On the next business day'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 37(4) นับ 72 ชั่วโมง "นับแต่ทราบเหตุ" จึงต้องรายงานภายในองค์กรทันทีที่พบ ไม่รอการอนุมัติหรือวันทำการ',
      'Section 37(4) counts 72 hours "from becoming aware", so internal reporting must be immediate, without waiting for approvals or business days.',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.37(4)',
    text: c(
      'ท่านเผลอส่งอีเมลที่แนบรายชื่อลูกค้าไปยังบุคคลภายนอกผิดคน สิ่งแรกที่ควรทำคือข้อใด',
      'You accidentally e-mailed a customer list to the wrong outside person. What should you do first?',
    ),
    choices: [
      c('รายงาน DPO หรือทีมคุ้มครองข้อมูลทันที พร้อมรายละเอียดที่ทราบ', 'Report it to the DPO or data protection team at once, with what you know'),
      c('ลบอีเมลในกล่องขาออกแล้วเงียบไว้', 'Delete it from your sent items and say nothing'),
      c('รอดูว่าผู้รับจะตอบกลับหรือไม่', 'Wait to see if the recipient replies'),
      c('แจ้งลูกค้าทุกรายเองทางโทรศัพท์', 'Phone every customer yourself'),
    ],
    correct: [0],
    explanation: c(
      'การรายงานทันทีช่วยให้องค์กรประเมินความเสี่ยง ขอให้ผู้รับลบข้อมูล และตัดสินใจแจ้ง สคส. ภายใน 72 ชั่วโมงตามมาตรา 37(4) การปกปิดทำให้องค์กรเสี่ยงต่อโทษ',
      'Reporting at once lets the organisation assess the risk, ask the recipient to delete the data and decide on notifying the Office within 72 hours (s.37(4)); hiding it exposes the organisation to penalties.',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.83',
    text: c(
      'ผู้ควบคุมข้อมูลที่ไม่แจ้งเหตุละเมิดตามมาตรา 37(4) อาจต้องรับโทษทางปกครองปรับสูงสุดเท่าใด',
      'What is the maximum administrative fine for a controller that fails to notify a breach under s.37(4)?',
    ),
    choices: [
      c('100,000 บาท', '100,000 baht'),
      c('500,000 บาท', '500,000 baht'),
      c('3,000,000 บาท', '3,000,000 baht'),
      c('10,000,000 บาท', '10,000,000 baht'),
    ],
    correct: [2],
    explanation: c(
      'มาตรา 83 กำหนดโทษปรับทางปกครองไม่เกิน 3 ล้านบาท สำหรับผู้ควบคุมข้อมูลที่ไม่ปฏิบัติตามหน้าที่หลายประการ รวมถึงมาตรา 37',
      'Section 83 sets an administrative fine of up to 3 million baht for a controller failing several duties, including those of s.37.',
    ),
  },
  {
    topic: 'breach',
    kind: 'single',
    reference: 'ม.77-78',
    text: c(
      'หากการละเมิดข้อมูลทำให้เจ้าของข้อมูลเสียหาย ศาลอาจสั่งให้จ่ายค่าสินไหมทดแทนเพื่อการลงโทษได้สูงสุดเท่าใด',
      'If a breach harms data subjects, how much punitive damages may the court order at most?',
    ),
    choices: [
      c('ไม่เกินสองเท่าของค่าสินไหมทดแทนที่แท้จริง', 'Up to twice the actual damages'),
      c('ไม่เกินสิบเท่าของค่าสินไหมทดแทน', 'Up to ten times the damages'),
      c('ไม่เกิน 1,000 บาทต่อราย', 'Up to 1,000 baht per person'),
      c('ศาลสั่งค่าเสียหายเพื่อการลงโทษไม่ได้', 'The court cannot award punitive damages'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 77 กำหนดความรับผิดทางแพ่ง และมาตรา 78 ให้ศาลมีอำนาจสั่งให้จ่ายค่าสินไหมทดแทนเพื่อการลงโทษเพิ่มขึ้นได้ไม่เกินสองเท่าของค่าสินไหมทดแทนที่แท้จริง',
      'Section 77 sets civil liability and s.78 lets the court add punitive damages of up to twice the actual compensation.',
    ),
  },
  // ---- security --------------------------------------------------------------------------------
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.37(1)',
    text: c('มาตรา 37(1) กำหนดหน้าที่ใดของผู้ควบคุมข้อมูล', 'What duty does s.37(1) place on the controller?'),
    choices: [
      c(
        'จัดให้มีมาตรการรักษาความมั่นคงปลอดภัยที่เหมาะสม และทบทวนเมื่อจำเป็นหรือเทคโนโลยีเปลี่ยนไป',
        'Put appropriate security measures in place and review them when needed or when technology changes',
      ),
      c('จ้างบริษัทตรวจสอบบัญชีทุกปี', 'Hire an auditor every year'),
      c('ซื้อประกันภัยไซเบอร์', 'Buy cyber insurance'),
      c('เปิดเผยรหัสผ่านผู้ดูแลระบบต่อ สคส.', "Disclose administrators' passwords to the PDPC Office"),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 37(1) ให้จัดให้มีมาตรการรักษาความมั่นคงปลอดภัยที่เหมาะสม เพื่อป้องกันการสูญหาย เข้าถึง ใช้ เปลี่ยนแปลง แก้ไข หรือเปิดเผยโดยมิชอบ และต้องทบทวนเมื่อมีความจำเป็นหรือเมื่อเทคโนโลยีเปลี่ยนแปลงไป',
      'Section 37(1): provide appropriate security measures against loss, unauthorised access, use, alteration or disclosure, reviewed when necessary or when technology changes.',
    ),
  },
  {
    topic: 'security',
    kind: 'multiple',
    reference: 'ประกาศมาตรการความมั่นคงปลอดภัย 2565',
    text: c(
      'มาตรการรักษาความมั่นคงปลอดภัยขั้นต่ำตามประกาศคณะกรรมการฯ ต้องครอบคลุมด้านใดบ้าง (เลือกได้มากกว่า 1 ข้อ)',
      "What must the PDPC's minimum security measures cover? (choose all that apply)",
    ),
    choices: [
      c('มาตรการเชิงองค์กร (administrative)', 'Organisational (administrative) safeguards'),
      c('มาตรการเชิงเทคนิค (technical)', 'Technical safeguards'),
      c('มาตรการทางกายภาพ (physical)', 'Physical safeguards'),
      c('มาตรการด้านการตลาด', 'Marketing safeguards'),
    ],
    correct: [0, 1, 2],
    explanation: c(
      'ประกาศคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล เรื่อง มาตรการรักษาความมั่นคงปลอดภัยของผู้ควบคุมข้อมูล พ.ศ. 2565 กำหนดให้ครอบคลุมมาตรการเชิงองค์กร เชิงเทคนิค และทางกายภาพ รวมถึงการสร้างความตระหนักรู้ให้บุคลากร',
      "The PDPC's 2022 notification on controllers' security measures requires organisational, technical and physical safeguards, including staff awareness.",
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ประกาศมาตรการความมั่นคงปลอดภัย 2565',
    text: c('หลักการให้สิทธิเข้าถึงข้อมูลส่วนบุคคลที่เหมาะสมที่สุดคือข้อใด', 'Which is the best principle for granting access to personal data?'),
    choices: [
      c('ให้สิทธิเท่าที่จำเป็นต่อการปฏิบัติงาน (least privilege / need-to-know)', 'Only what the job needs (least privilege / need-to-know)'),
      c('ให้ทุกคนเข้าถึงได้เพื่อความสะดวก', 'Everyone, for convenience'),
      c('ให้ตามอายุงาน', 'By seniority'),
      c('ใช้บัญชีเดียวร่วมกันทั้งแผนก', 'One shared account per department'),
    ],
    correct: [0],
    explanation: c(
      'ประกาศมาตรการความมั่นคงปลอดภัยฯ กำหนดให้ควบคุมการเข้าถึงตามความจำเป็น (need-to-know) และให้สิทธิน้อยที่สุดเท่าที่จำเป็น (least privilege) พร้อมระบุตัวตนผู้ใช้แต่ละรายเพื่อตรวจสอบย้อนหลังได้',
      'The security notification requires access control on a need-to-know, least-privilege basis, with individual accounts so actions can be traced.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.37(1)',
    text: c(
      'ท่านได้รับอีเมลแจ้งว่า "บัญชีของท่านจะถูกระงับ กรุณาคลิกลิงก์เพื่อยืนยันรหัสผ่านภายใน 1 ชั่วโมง" ควรทำอย่างไร',
      'You receive an e-mail: "Your account will be suspended. Click the link to confirm your password within 1 hour." What should you do?',
    ),
    choices: [
      c('ไม่คลิกลิงก์ และรายงานฝ่ายไอทีว่าอาจเป็นฟิชชิง', 'Do not click; report it to IT as possible phishing'),
      c('คลิกและกรอกรหัสผ่านทันที', 'Click and enter your password at once'),
      c('ส่งต่อให้เพื่อนร่วมงานช่วยกรอก', 'Forward it to a colleague to fill in'),
      c('ตอบกลับพร้อมรหัสผ่าน', 'Reply with your password'),
    ],
    correct: [0],
    explanation: c(
      'อีเมลเร่งรัดให้กรอกรหัสผ่านเป็นลักษณะของฟิชชิง ซึ่งเป็นช่องทางหลักของการละเมิดข้อมูล การรายงานช่วยให้องค์กรเตือนผู้อื่นและป้องกันได้ทัน',
      'Urgent requests for your password are a sign of phishing, a leading cause of breaches; reporting it lets the organisation warn others and block it.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.37(3)',
    text: c(
      'เมื่อพ้นระยะเวลาเก็บรักษาที่แจ้งไว้แล้ว ผู้ควบคุมข้อมูลต้องทำอย่างไรกับข้อมูลส่วนบุคคล',
      'When the notified retention period ends, what must the controller do with the personal data?',
    ),
    choices: [
      c('ลบ ทำลาย หรือทำให้เป็นข้อมูลที่ไม่สามารถระบุตัวบุคคลได้', 'Erase, destroy or anonymise it'),
      c('เก็บไว้ต่อเผื่อใช้ในอนาคต', 'Keep it in case it is useful later'),
      c('ขายให้บริษัทอื่น', 'Sell it to another company'),
      c('ย้ายไปเก็บในไดรฟ์ส่วนตัวของพนักงาน', "Move it to an employee's personal drive"),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 37(3) ให้จัดให้มีระบบตรวจสอบเพื่อดำเนินการลบหรือทำลายข้อมูลเมื่อพ้นกำหนดระยะเวลาการเก็บรักษา หรือที่ไม่เกี่ยวข้องหรือเกินความจำเป็นตามวัตถุประสงค์',
      'Section 37(3): have a system to erase or destroy data once the retention period ends or when it is irrelevant or beyond what the purpose needs.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.41',
    text: c('กรณีใดที่ผู้ควบคุมข้อมูลต้องแต่งตั้งเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล (DPO)', 'When must a controller appoint a data protection officer (DPO)?'),
    choices: [
      c('เมื่อกิจกรรมหลักเป็นการประมวลผลข้อมูลอ่อนไหวตามมาตรา 26', 'When its core activity is processing sensitive data under s.26'),
      c('เมื่อมีพนักงานเกิน 5 คน', 'When it has more than 5 employees'),
      c('เมื่อมีเว็บไซต์', 'When it has a website'),
      c('เมื่อจดทะเบียนในตลาดหลักทรัพย์เท่านั้น', 'Only when it is listed on the stock exchange'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 41 กำหนดให้แต่งตั้ง DPO เมื่อ (1) เป็นหน่วยงานของรัฐตามที่คณะกรรมการประกาศ (2) กิจกรรมหลักต้องตรวจสอบข้อมูลหรือระบบอย่างสม่ำเสมอเนื่องจากมีข้อมูลจำนวนมาก หรือ (3) กิจกรรมหลักเป็นการประมวลผลข้อมูลตามมาตรา 26',
      'Section 41 requires a DPO when (1) the controller is a public authority as prescribed, (2) its core activities need regular, systematic monitoring due to large volumes of data, or (3) its core activity is processing s.26 data.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.42',
    text: c('ข้อใดไม่ใช่หน้าที่ของ DPO ตามมาตรา 42', 'Which is NOT a duty of the DPO under s.42?'),
    choices: [
      c('ให้คำแนะนำแก่ผู้ควบคุมข้อมูลและพนักงาน', 'Advising the controller and staff'),
      c('ตรวจสอบการดำเนินงานให้เป็นไปตาม พ.ร.บ.', 'Monitoring compliance with the Act'),
      c('ประสานงานและให้ความร่วมมือกับสำนักงาน', 'Coordinating and cooperating with the Office'),
      c('อนุมัติงบประมาณการตลาดของบริษัท', "Approving the company's marketing budget"),
    ],
    correct: [3],
    explanation: c(
      'มาตรา 42 กำหนดหน้าที่ DPO ได้แก่ ให้คำแนะนำ ตรวจสอบการดำเนินงาน ประสานงานกับสำนักงาน และรักษาความลับ และห้ามให้ออกหรือเลิกจ้าง DPO เพราะเหตุที่ปฏิบัติหน้าที่ตาม พ.ร.บ.',
      'Section 42 lists advising, monitoring compliance, coordinating with the Office and confidentiality; a DPO may not be dismissed for performing these duties.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.39',
    text: c('บันทึกรายการของกิจกรรมการประมวลผลข้อมูล (ROPA) ตามมาตรา 39 มีไว้เพื่ออะไร', 'What is the record of processing activities (ROPA) under s.39 for?'),
    choices: [
      c(
        'ให้เจ้าของข้อมูลและสำนักงานตรวจสอบได้ว่าองค์กรประมวลผลข้อมูลใด เพื่ออะไร และเก็บนานเท่าใด',
        'So data subjects and the Office can check what the organisation processes, why, and for how long',
      ),
      c('ใช้เป็นรายชื่อลูกค้าสำหรับการขาย', 'As a sales customer list'),
      c('ใช้แทนนโยบายความเป็นส่วนตัว', 'As a replacement for the privacy notice'),
      c('ใช้ลงเวลาพนักงาน', 'For staff time keeping'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 39 ให้บันทึกรายการอย่างน้อยเกี่ยวกับข้อมูลที่เก็บ วัตถุประสงค์ ข้อมูลผู้ควบคุมข้อมูล ระยะเวลาเก็บรักษา สิทธิและวิธีการเข้าถึง การใช้หรือเปิดเผย การปฏิเสธคำขอ และมาตรการความมั่นคงปลอดภัย เพื่อให้เจ้าของข้อมูลและสำนักงานตรวจสอบได้',
      'Section 39 requires a record of at least the data collected, purposes, controller details, retention, access rights and conditions, uses and disclosures, refusals and security measures, available to data subjects and the Office.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.80',
    text: c(
      'ผู้ที่ล่วงรู้ข้อมูลส่วนบุคคลของผู้อื่นเนื่องจากการปฏิบัติหน้าที่ตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล แล้วนำไปเปิดเผยแก่ผู้อื่น มีโทษตามมาตรา 80 อย่างไร',
      "What penalty does s.80 set for a person who learns another's personal data while performing duties under the PDPA and discloses it?",
    ),
    choices: [
      c('จำคุกไม่เกิน 6 เดือน หรือปรับไม่เกิน 500,000 บาท หรือทั้งจำทั้งปรับ', 'Up to 6 months in prison, a fine up to 500,000 baht, or both'),
      c('ไม่มีโทษ เพราะเป็นความผิดของบริษัทเท่านั้น', 'None: only the company can be liable'),
      c('ตักเตือนด้วยวาจาเท่านั้น', 'A verbal warning only'),
      c('ปรับ 100 บาท', 'A 100 baht fine'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 80 ผู้ใดล่วงรู้ข้อมูลส่วนบุคคลของผู้อื่นเนื่องจากการปฏิบัติหน้าที่ตาม พ.ร.บ. แล้วนำไปเปิดเผยแก่ผู้อื่น ต้องระวางโทษจำคุกไม่เกิน 6 เดือน หรือปรับไม่เกิน 500,000 บาท หรือทั้งจำทั้งปรับ ส่วนพนักงานขององค์กรที่นำข้อมูลไปเปิดเผยโดยมิชอบยังอาจมีความผิดตามมาตรา 79 ความผิดทางวินัย และความรับผิดทางแพ่ง',
      "Section 80: a person who learns another's personal data in the course of duties under the Act and discloses it faces up to 6 months' imprisonment, a fine up to 500,000 baht, or both; an organisation's employee who discloses data unlawfully may also face s.79, discipline and civil liability.",
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.79',
    text: c(
      'การใช้หรือเปิดเผยข้อมูลอ่อนไหวโดยมิชอบเพื่อแสวงหาประโยชน์ที่มิควรได้โดยชอบด้วยกฎหมาย มีโทษอาญาสูงสุดเท่าใด',
      'What is the maximum criminal penalty for unlawfully using or disclosing sensitive data to obtain an unlawful benefit?',
    ),
    choices: [
      c('จำคุกไม่เกิน 1 ปี หรือปรับไม่เกิน 1,000,000 บาท หรือทั้งจำทั้งปรับ', 'Up to 1 year in prison, a fine up to 1,000,000 baht, or both'),
      c('ปรับไม่เกิน 10,000 บาท', 'A fine up to 10,000 baht'),
      c('จำคุกตลอดชีวิต', 'Life imprisonment'),
      c('ไม่มีโทษอาญา มีแต่โทษปกครอง', 'No criminal penalty, only administrative'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 79 วรรคสอง หากการกระทำเพื่อแสวงหาประโยชน์ที่มิควรได้โดยชอบด้วยกฎหมายสำหรับตนเองหรือผู้อื่น ต้องระวางโทษจำคุกไม่เกิน 1 ปี หรือปรับไม่เกิน 1,000,000 บาท หรือทั้งจำทั้งปรับ',
      'Section 79 paragraph 2: where done to obtain an unlawful benefit for oneself or another, the penalty is up to 1 year in prison, a fine up to 1,000,000 baht, or both.',
    ),
  },
  {
    topic: 'security',
    kind: 'single',
    reference: 'ม.84',
    text: c(
      'โทษปรับทางปกครองสูงสุดตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล (เช่น ประมวลผลข้อมูลอ่อนไหวโดยไม่มีฐานตามมาตรา 26) คือเท่าใด',
      'What is the highest administrative fine under the PDPA (e.g. processing sensitive data without a s.26 basis)?',
    ),
    choices: [
      c('1,000,000 บาท', '1,000,000 baht'),
      c('3,000,000 บาท', '3,000,000 baht'),
      c('5,000,000 บาท', '5,000,000 baht'),
      c('50,000,000 บาท', '50,000,000 baht'),
    ],
    correct: [2],
    explanation: c(
      'มาตรา 84 กำหนดโทษปรับทางปกครองไม่เกิน 5 ล้านบาท สำหรับการฝ่าฝืนเกี่ยวกับข้อมูลอ่อนไหวตามมาตรา 26 ซึ่งเป็นอัตราสูงสุดของ พ.ร.บ. (มาตรา 82 ไม่เกิน 1 ล้านบาท มาตรา 83 ไม่เกิน 3 ล้านบาท)',
      'Section 84 sets administrative fines of up to 5 million baht for breaches concerning s.26 sensitive data, the highest in the Act (s.82: up to 1 million; s.83: up to 3 million).',
    ),
  },
  {
    topic: 'security',
    kind: 'multiple',
    reference: 'ม.37(1)',
    text: c(
      'แนวปฏิบัติใดช่วยรักษาความปลอดภัยของข้อมูลส่วนบุคคลในการทำงานประจำวัน (เลือกได้มากกว่า 1 ข้อ)',
      'Which everyday practices help keep personal data secure? (choose all that apply)',
    ),
    choices: [
      c('ล็อกหน้าจอเมื่อลุกจากโต๊ะ', 'Lock your screen when you leave your desk'),
      c('ใช้การยืนยันตัวตนแบบหลายปัจจัย (MFA)', 'Use multi-factor authentication (MFA)'),
      c('เข้ารหัสไฟล์ที่มีข้อมูลส่วนบุคคลก่อนส่งออกนอกองค์กร', 'Encrypt files with personal data before sending them outside'),
      c('จดรหัสผ่านแปะไว้ที่จอ', 'Stick your password on the monitor'),
    ],
    correct: [0, 1, 2],
    explanation: c(
      'การล็อกหน้าจอ MFA และการเข้ารหัสเป็นมาตรการเชิงเทคนิคและทางกายภาพที่ลดโอกาสการเข้าถึงโดยมิชอบตามมาตรา 37(1) ส่วนการแปะรหัสผ่านทำให้ผู้อื่นเข้าถึงได้ง่าย',
      'Screen locking, MFA and encryption are technical and physical measures that reduce unauthorised access (s.37(1)); a password on the monitor invites it.',
    ),
  },
  {
    topic: 'lawful_basis',
    kind: 'single',
    reference: 'ม.4',
    text: c(
      'การเก็บเบอร์โทรศัพท์ของเพื่อนไว้ในมือถือส่วนตัวเพื่อติดต่อกันเอง อยู่ภายใต้ พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคลหรือไม่',
      "Is keeping friends' phone numbers on your own phone to call them subject to the PDPA?",
    ),
    choices: [
      c('ไม่อยู่ เพราะเป็นการใช้เพื่อประโยชน์ส่วนตน หรือกิจกรรมในครอบครัวเท่านั้น', 'No: it is purely personal or household use'),
      c('อยู่ ต้องขอความยินยอมเป็นหนังสือ', 'Yes: written consent is needed'),
      c('อยู่ ต้องแต่งตั้ง DPO', 'Yes: a DPO must be appointed'),
      c('อยู่ ต้องแจ้ง สคส.', 'Yes: the PDPC Office must be told'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 4(1) ไม่ใช้บังคับกับการเก็บรวบรวม ใช้ หรือเปิดเผยข้อมูลส่วนบุคคลของบุคคลที่ทำเพื่อประโยชน์ส่วนตนหรือเพื่อกิจกรรมในครอบครัวของบุคคลนั้นเท่านั้น',
      'Section 4(1) excludes collection, use or disclosure by a person purely for their own benefit or household activities.',
    ),
  },
  {
    topic: 'consent',
    kind: 'single',
    reference: 'ม.25',
    text: c(
      'บริษัทได้รับรายชื่อผู้สนใจสินค้าจากบริษัทพันธมิตร (ไม่ได้เก็บจากเจ้าของข้อมูลโดยตรง) ต้องแจ้งเจ้าของข้อมูลภายในเวลาใด',
      'The company receives a list of interested buyers from a partner (not from the data subjects directly). By when must it inform them?',
    ),
    choices: [
      c('โดยไม่ชักช้า แต่ไม่เกิน 30 วันนับแต่วันที่เก็บรวบรวม', 'Without delay, no later than 30 days from collection'),
      c('ไม่ต้องแจ้ง เพราะพันธมิตรแจ้งแล้ว', 'Never: the partner already did'),
      c('ภายใน 1 ปี', 'Within a year'),
      c('เฉพาะเมื่อขายสินค้าได้', 'Only after a sale'),
    ],
    correct: [0],
    explanation: c(
      'มาตรา 25 การเก็บจากแหล่งอื่นต้องแจ้งเจ้าของข้อมูลโดยไม่ชักช้า แต่ไม่เกิน 30 วันนับแต่วันที่เก็บรวบรวม และต้องได้รับความยินยอมเว้นแต่เข้าข้อยกเว้นตามมาตรา 24 หรือมาตรา 26',
      'Section 25: data collected from another source requires notice without delay, within 30 days of collection, and consent unless exempted under s.24 or s.26.',
    ),
  },
];
