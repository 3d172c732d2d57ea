/** The data map (menu 16) and its registers. English is typed against Thai: a key missing in either fails the type check. */
export const th = {
  datamap: {
    title: 'แผนผังข้อมูล (Data Map)',
    systems: {
      tab: 'ระบบและชุดข้อมูล',
      coming: 'ทะเบียนระบบและชุดข้อมูลกำลังพัฒนา ระหว่างนี้กำหนดประเภทข้อมูลและผู้ประมวลผลข้อมูลไว้ก่อนได้ เพื่อให้บันทึกกิจกรรมการประมวลผล (ROPA) เลือกใช้',
    },
    categories: {
      tab: 'ประเภทข้อมูลส่วนบุคคล',
      entity: 'ประเภทข้อมูลส่วนบุคคล',
      add: 'เพิ่มประเภทข้อมูล',
      add_title: 'เพิ่มประเภทข้อมูลส่วนบุคคล',
      edit_title: 'แก้ไขประเภทข้อมูลส่วนบุคคล',
      add_success: 'เพิ่มประเภทข้อมูลเรียบร้อยแล้ว',
      edit_success: 'บันทึกประเภทข้อมูลเรียบร้อยแล้ว',
      name: 'ชื่อประเภทข้อมูล',
      sensitive: 'ข้อมูลอ่อนไหว (มาตรา 26)',
      description: 'คำอธิบาย',
    },
    processors: {
      tab: 'ผู้ประมวลผลข้อมูลส่วนบุคคล',
      entity: 'ผู้ประมวลผลข้อมูลส่วนบุคคล',
      add: 'เพิ่มผู้ประมวลผล',
      add_title: 'เพิ่มผู้ประมวลผลข้อมูลส่วนบุคคล',
      edit_title: 'แก้ไขผู้ประมวลผลข้อมูลส่วนบุคคล',
      add_success: 'เพิ่มผู้ประมวลผลเรียบร้อยแล้ว',
      edit_success: 'บันทึกผู้ประมวลผลเรียบร้อยแล้ว',
      name: 'ชื่อผู้ประมวลผล',
      country: 'ประเทศ',
      contractDate: 'วันที่ทำข้อตกลงการประมวลผลข้อมูล',
      contact: 'ผู้ติดต่อ',
    },
  },
};

export const en: typeof th = {
  datamap: {
    title: 'Data map',
    systems: {
      tab: 'Systems and data sets',
      coming:
        'The register of systems and data sets is being built. Meanwhile, set up the data categories and processors that records of processing (ROPA) will pick from.',
    },
    categories: {
      tab: 'Personal data categories',
      entity: 'Personal data category',
      add: 'Add a category',
      add_title: 'Add a personal data category',
      edit_title: 'Edit a personal data category',
      add_success: 'The category was added.',
      edit_success: 'The category was saved.',
      name: 'Category',
      sensitive: 'Sensitive data (s.26)',
      description: 'Description',
    },
    processors: {
      tab: 'Data processors',
      entity: 'Data processor',
      add: 'Add a processor',
      add_title: 'Add a data processor',
      edit_title: 'Edit a data processor',
      add_success: 'The processor was added.',
      edit_success: 'The processor was saved.',
      name: 'Processor',
      country: 'Country',
      contractDate: 'Data processing agreement date',
      contact: 'Contact',
    },
  },
};

export default { th, en };
