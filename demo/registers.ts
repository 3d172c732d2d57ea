/**
 * The registers' demo records (contract/registers/), by company code and register name: what a Thai
 * retailer's data map starts from. The server's seed and the fake's fixtures both write these.
 */
export const REGISTER_DEMO: Record<string, Record<string, Record<string, unknown>[]>> = {
  DEMO: {
    'data-categories': [
      { name: 'ชื่อ-นามสกุล', sensitive: false, description: 'ชื่อและนามสกุลของลูกค้า พนักงาน และผู้ติดต่อ' },
      { name: 'เลขประจำตัวประชาชน', sensitive: false, description: 'ใช้ยืนยันตัวตนเมื่อสมัครสมาชิกและเมื่อใช้สิทธิของเจ้าของข้อมูล' },
      { name: 'ที่อยู่และช่องทางติดต่อ', sensitive: false, description: 'ที่อยู่จัดส่ง อีเมล และเบอร์โทรศัพท์' },
      { name: 'ประวัติการซื้อสินค้า', sensitive: false, description: 'รายการสั่งซื้อ ยอดใช้จ่าย และคะแนนสะสม' },
      { name: 'ข้อมูลสุขภาพ', sensitive: true, description: 'ประวัติการแพ้ยาและผลตรวจสุขภาพพนักงานประจำปี (มาตรา 26)' },
      { name: 'ข้อมูลชีวภาพ (ลายนิ้วมือ)', sensitive: true, description: 'เครื่องสแกนลายนิ้วมือบันทึกเวลาเข้างานของพนักงาน (มาตรา 26)' },
      { name: 'ศาสนา', sensitive: true, description: 'ใช้จัดวันหยุดตามศาสนาของพนักงานเมื่อพนักงานแจ้งเอง (มาตรา 26)' },
      { name: 'ประวัติอาชญากรรม', sensitive: true, description: 'ผลตรวจประวัติของผู้สมัครงานตำแหน่งที่ดูแลเงินสด (มาตรา 26)' },
    ],
    processors: [
      { name: 'บริษัท ไทยคลาวด์โฮสติ้ง จำกัด', country: 'ไทย', contractDate: '2024-01-15', contact: 'privacy@thaicloud.example' },
      { name: 'บริษัท ส่งไว โลจิสติกส์ จำกัด', country: 'ไทย', contractDate: '2024-06-01', contact: 'dpo@songwai.example' },
      { name: 'MailFlow Pte. Ltd.', country: 'สิงคโปร์', contractDate: '2025-02-20', contact: 'dpa@mailflow.example' },
      { name: 'บริษัท เพย์โรลพลัส จำกัด', country: 'ไทย', contractDate: null, contact: 'สัญญาอยู่ระหว่างเจรจา: คุณวรรณา 02-555-0101' },
    ],
    'data-subject-categories': [
      { name: 'ลูกค้า', description: 'ผู้ซื้อสินค้าทางร้านค้าออนไลน์และหน้าร้าน' },
      { name: 'สมาชิกบัตรสะสมคะแนน', description: 'ลูกค้าที่สมัครสมาชิกและยินยอมรับสิทธิพิเศษ' },
      { name: 'พนักงาน', description: 'พนักงานประจำ พนักงานชั่วคราว และนักศึกษาฝึกงาน' },
      { name: 'ผู้สมัครงาน', description: 'ผู้ส่งใบสมัครงานทุกช่องทาง' },
      { name: 'ผู้ติดต่อของคู่ค้า', description: 'ผู้แทนของผู้ขายสินค้าและผู้ให้บริการ' },
      { name: 'ผู้มาติดต่อสำนักงาน', description: 'บุคคลภายนอกที่ลงทะเบียนเข้าอาคาร' },
    ],
    'processing-purposes': [
      { name: 'ขายและจัดส่งสินค้า', description: 'รับคำสั่งซื้อ ชำระเงิน และจัดส่งถึงลูกค้า' },
      { name: 'บริหารสมาชิกและสิทธิพิเศษ', description: 'สะสมคะแนน แลกของรางวัล และแจ้งโปรโมชัน' },
      { name: 'การตลาดแบบเจาะจงกลุ่ม', description: 'วิเคราะห์พฤติกรรมการซื้อเพื่อเสนอสินค้าที่ตรงใจ' },
      { name: 'บริหารงานบุคคลและจ่ายเงินเดือน', description: 'สัญญาจ้าง เงินเดือน ภาษี และประกันสังคม' },
      { name: 'สรรหาและคัดเลือกพนักงาน', description: 'พิจารณาใบสมัคร สัมภาษณ์ และตรวจสอบประวัติ' },
      { name: 'ดูแลสุขภาพและความปลอดภัยของพนักงาน', description: 'ตรวจสุขภาพประจำปีและสวัสดิการรักษาพยาบาล' },
      { name: 'รักษาความปลอดภัยอาคาร', description: 'กล้องวงจรปิดและการลงทะเบียนผู้มาติดต่อ' },
      { name: 'บัญชีและภาษี', description: 'บันทึกบัญชีและเก็บเอกสารตามกฎหมาย' },
    ],
  },
  SIAM: {
    'data-categories': [
      { name: 'ชื่อ-นามสกุล', sensitive: false, description: 'สมาชิกบัตรสยามพลัส' },
      { name: 'ข้อมูลสุขภาพ', sensitive: true, description: 'ร้านขายยาในห้าง: ประวัติการแพ้ยา (มาตรา 26)' },
    ],
    processors: [{ name: 'บริษัท สยามดาต้าเซ็นเตอร์ จำกัด', country: 'ไทย', contractDate: '2023-11-01', contact: 'dc@siamdata.example' }],
    'data-subject-categories': [{ name: 'สมาชิกบัตรสยามพลัส', description: 'ลูกค้าห้างที่สมัครบัตรสมาชิก' }],
    'processing-purposes': [{ name: 'บริหารบัตรสมาชิก', description: 'สะสมแต้มและสิทธิพิเศษในห้าง' }],
  },
};
