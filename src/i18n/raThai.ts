// Thai catalogue for react-admin's own UI messages: npm has no ra-language-thai package, so we maintain it here.
import type { TranslationMessages } from 'ra-core';

/*
 * Notes for maintainers:
 * - Polyglot maps the 'th' locale to a single plural form (it always picks the
 *   first `||||` segment), so plural keys are written as one form that reads
 *   correctly for any count.
 * - ra.message.bulk_update_title / bulk_update_content intentionally omit
 *   %{recordRepresentation}: with a single form the same string is used by
 *   BulkUpdateWithConfirmButton, which does not pass that option, and Polyglot
 *   would then print the raw "%{recordRepresentation}" token.
 */
export const raThai: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'เพิ่มตัวกรอง',
            add: 'เพิ่ม',
            back: 'ย้อนกลับ',
            bulk_actions: 'เลือกแล้ว %{smart_count} รายการ',
            cancel: 'ยกเลิก',
            clear_array_input: 'ล้างรายการทั้งหมด',
            clear_input_value: 'ล้างค่า',
            clone: 'ทำสำเนา',
            confirm: 'ยืนยัน',
            create: 'เพิ่ม',
            create_item: 'เพิ่ม %{item}',
            delete: 'ลบ',
            edit: 'แก้ไข',
            export: 'ส่งออก',
            list: 'รายการ',
            refresh: 'รีเฟรช',
            remove_filter: 'ลบตัวกรองนี้',
            remove_all_filters: 'ลบตัวกรองทั้งหมด',
            remove: 'นำออก',
            reset: 'รีเซ็ต',
            save: 'บันทึก',
            search: 'ค้นหา',
            search_columns: 'ค้นหาคอลัมน์',
            select_all: 'เลือกทั้งหมด',
            select_all_button: 'เลือกทั้งหมด',
            select_row: 'เลือกแถวนี้',
            show: 'ดูรายละเอียด',
            sort: 'เรียงลำดับ',
            undo: 'เลิกทำ',
            unselect: 'ยกเลิกการเลือก',
            expand: 'ขยาย',
            close: 'ปิด',
            open_menu: 'เปิดเมนู',
            close_menu: 'ปิดเมนู',
            update: 'อัปเดต',
            move_up: 'เลื่อนขึ้น',
            move_down: 'เลื่อนลง',
            open: 'เปิด',
            toggle_theme: 'สลับโหมดสว่าง/มืด',
            select_columns: 'คอลัมน์',
            update_application: 'โหลดแอปพลิเคชันใหม่',
        },
        boolean: {
            true: 'ใช่',
            false: 'ไม่ใช่',
            null: ' ',
        },
        page: {
            create: 'เพิ่ม %{name}',
            dashboard: 'แดชบอร์ด',
            edit: '%{name} %{recordRepresentation}',
            error: 'เกิดข้อผิดพลาดบางประการ',
            list: '%{name}',
            loading: 'กำลังโหลด',
            not_found: 'ไม่พบหน้าที่ต้องการ',
            show: '%{name} %{recordRepresentation}',
            empty: 'ยังไม่มีข้อมูล %{name} ในระบบ',
            invite: 'ต้องการเพิ่มข้อมูลใหม่หรือไม่',
            access_denied: 'ไม่มีสิทธิ์เข้าถึง',
            authentication_error: 'เกิดข้อผิดพลาดในการยืนยันตัวตน',
        },
        input: {
            file: {
                upload_several:
                    'ลากไฟล์มาวางเพื่ออัปโหลด หรือคลิกเพื่อเลือกไฟล์ (เลือกได้หลายไฟล์)',
                upload_single: 'ลากไฟล์มาวางเพื่ออัปโหลด หรือคลิกเพื่อเลือกไฟล์',
            },
            image: {
                upload_several:
                    'ลากรูปภาพมาวางเพื่ออัปโหลด หรือคลิกเพื่อเลือกรูปภาพ (เลือกได้หลายรูป)',
                upload_single:
                    'ลากรูปภาพมาวางเพื่ออัปโหลด หรือคลิกเพื่อเลือกรูปภาพ',
            },
            references: {
                all_missing: 'ไม่พบข้อมูลที่อ้างอิงถึง',
                many_missing:
                    'ข้อมูลอ้างอิงที่เกี่ยวข้องอย่างน้อยหนึ่งรายการไม่มีอยู่ในระบบแล้ว',
                single_missing: 'ข้อมูลอ้างอิงที่เกี่ยวข้องไม่มีอยู่ในระบบแล้ว',
            },
            password: {
                toggle_visible: 'ซ่อนรหัสผ่าน',
                toggle_hidden: 'แสดงรหัสผ่าน',
            },
        },
        message: {
            about: 'เกี่ยวกับ',
            access_denied: 'คุณไม่มีสิทธิ์เข้าถึงหน้านี้',
            are_you_sure: 'คุณแน่ใจหรือไม่',
            authentication_error:
                'เซิร์ฟเวอร์ยืนยันตัวตนแจ้งข้อผิดพลาด ระบบจึงไม่สามารถตรวจสอบข้อมูลการเข้าสู่ระบบของคุณได้',
            auth_error: 'เกิดข้อผิดพลาดระหว่างตรวจสอบโทเค็นยืนยันตัวตน',
            bulk_delete_content:
                'คุณต้องการลบ %{name} จำนวน %{smart_count} รายการใช่หรือไม่',
            bulk_delete_title: 'ลบ %{name} จำนวน %{smart_count} รายการ',
            bulk_update_content:
                'คุณต้องการอัปเดต %{name} จำนวน %{smart_count} รายการใช่หรือไม่',
            bulk_update_title: 'อัปเดต %{name} จำนวน %{smart_count} รายการ',
            clear_array_input: 'คุณต้องการล้างรายการทั้งหมดใช่หรือไม่',
            delete_content: 'คุณต้องการลบ %{name} รายการนี้ใช่หรือไม่',
            delete_title: 'ลบ %{name} %{recordRepresentation}',
            details: 'รายละเอียด',
            error: 'เกิดข้อผิดพลาดฝั่งเบราว์เซอร์ ระบบไม่สามารถดำเนินการตามคำขอของคุณได้',
            invalid_form: 'ข้อมูลในแบบฟอร์มไม่ถูกต้อง กรุณาตรวจสอบข้อผิดพลาด',
            loading: 'กรุณารอสักครู่',
            no: 'ไม่ใช่',
            not_found:
                'คุณอาจพิมพ์ที่อยู่เว็บไม่ถูกต้อง หรือเปิดลิงก์ที่ไม่ถูกต้อง',
            select_all_limit_reached:
                'มีรายการมากเกินกว่าจะเลือกทั้งหมดได้ ระบบเลือกไว้เฉพาะ %{max} รายการแรก',
            unsaved_changes:
                'การเปลี่ยนแปลงบางส่วนยังไม่ได้บันทึก คุณต้องการละทิ้งการเปลี่ยนแปลงเหล่านี้ใช่หรือไม่',
            yes: 'ใช่',
            placeholder_data_warning:
                'เครือข่ายขัดข้อง: ไม่สามารถรีเฟรชข้อมูลได้',
        },
        navigation: {
            clear_filters: 'ล้างตัวกรอง',
            no_filtered_results: 'ไม่พบข้อมูล %{name} ที่ตรงกับตัวกรองปัจจุบัน',
            no_results: 'ไม่พบรายการข้อมูล %{name}',
            no_more_results:
                'หน้าที่ %{page} อยู่นอกช่วงข้อมูล กรุณาลองหน้าก่อนหน้า',
            page_out_of_boundaries: 'หน้าที่ %{page} อยู่นอกช่วงข้อมูล',
            page_out_from_end: 'ไม่สามารถไปเกินหน้าสุดท้ายได้',
            page_out_from_begin: 'ไม่สามารถไปก่อนหน้าแรกได้',
            page_range_info: '%{offsetBegin}-%{offsetEnd} จาก %{total}',
            partial_page_range_info:
                '%{offsetBegin}-%{offsetEnd} จากมากกว่า %{offsetEnd}',
            current_page: 'หน้า %{page}',
            page: 'ไปที่หน้า %{page}',
            first: 'ไปที่หน้าแรก',
            last: 'ไปที่หน้าสุดท้าย',
            next: 'ไปที่หน้าถัดไป',
            previous: 'ไปที่หน้าก่อนหน้า',
            page_rows_per_page: 'จำนวนแถวต่อหน้า:',
            skip_nav: 'ข้ามไปยังเนื้อหา',
        },
        sort: {
            sort_by: 'เรียงตาม %{field_lower_first} %{order}',
            ASC: 'จากน้อยไปมาก',
            DESC: 'จากมากไปน้อย',
        },
        auth: {
            auth_check_error: 'กรุณาเข้าสู่ระบบเพื่อดำเนินการต่อ',
            user_menu: 'โปรไฟล์',
            username: 'ชื่อผู้ใช้',
            password: 'รหัสผ่าน',
            email: 'อีเมล',
            sign_in: 'เข้าสู่ระบบ',
            sign_in_error: 'การยืนยันตัวตนไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
            logout: 'ออกจากระบบ',
        },
        notification: {
            updated: 'อัปเดตข้อมูล %{smart_count} รายการเรียบร้อยแล้ว',
            created: 'เพิ่มข้อมูลเรียบร้อยแล้ว',
            deleted: 'ลบข้อมูล %{smart_count} รายการเรียบร้อยแล้ว',
            bad_item: 'ข้อมูลไม่ถูกต้อง',
            item_doesnt_exist: 'ไม่พบข้อมูลนี้ในระบบ',
            http_error: 'เกิดข้อผิดพลาดในการติดต่อกับเซิร์ฟเวอร์',
            data_provider_error:
                'เกิดข้อผิดพลาดจากผู้ให้บริการข้อมูล กรุณาตรวจสอบรายละเอียดในคอนโซล',
            i18n_error: 'ไม่สามารถโหลดคำแปลสำหรับภาษาที่เลือกได้',
            canceled: 'ยกเลิกการดำเนินการแล้ว',
            logged_out: 'เซสชันของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
            not_authorized: 'คุณไม่ได้รับอนุญาตให้เข้าถึงข้อมูลนี้',
            application_update_available: 'มีเวอร์ชันใหม่พร้อมใช้งาน',
            offline: 'ไม่มีการเชื่อมต่อเครือข่าย ไม่สามารถดึงข้อมูลได้',
        },
        validation: {
            required: 'จำเป็นต้องระบุ',
            minLength: 'ต้องมีความยาวอย่างน้อย %{min} ตัวอักษร',
            maxLength: 'ต้องมีความยาวไม่เกิน %{max} ตัวอักษร',
            minValue: 'ต้องมีค่าอย่างน้อย %{min}',
            maxValue: 'ต้องมีค่าไม่เกิน %{max}',
            number: 'ต้องเป็นตัวเลข',
            email: 'ต้องเป็นอีเมลที่ถูกต้อง',
            oneOf: 'ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: %{options}',
            regex: 'ต้องตรงกับรูปแบบที่กำหนด (นิพจน์ปรกติ): %{pattern}',
            unique: 'ต้องไม่ซ้ำกับข้อมูลที่มีอยู่แล้ว',
        },
        saved_queries: {
            label: 'การค้นหาที่บันทึกไว้',
            query_name: 'ชื่อการค้นหา',
            new_label: 'บันทึกการค้นหาปัจจุบัน...',
            new_dialog_title: 'บันทึกการค้นหาปัจจุบันในชื่อ',
            remove_label: 'ลบการค้นหาที่บันทึกไว้',
            remove_label_with_name: 'ลบการค้นหา "%{name}"',
            remove_dialog_title: 'ลบการค้นหาที่บันทึกไว้หรือไม่',
            remove_message:
                'คุณต้องการลบรายการนี้ออกจากการค้นหาที่บันทึกไว้ใช่หรือไม่',
            help: 'กรองรายการแล้วบันทึกการค้นหานี้ไว้ใช้ภายหลัง',
        },
        guesser: {
            empty: {
                title: 'ไม่มีข้อมูลที่จะแสดง',
                message: 'กรุณาตรวจสอบผู้ให้บริการข้อมูลของคุณ',
            },
        },
        configurable: {
            customize: 'ปรับแต่ง',
            configureMode: 'ตั้งค่าหน้านี้',
            inspector: {
                title: 'ตัวตรวจสอบ',
                content:
                    'วางเมาส์เหนือองค์ประกอบบนหน้าจอของแอปพลิเคชันเพื่อตั้งค่า',
                reset: 'รีเซ็ตการตั้งค่า',
                hideAll: 'ซ่อนทั้งหมด',
                showAll: 'แสดงทั้งหมด',
            },
            Datagrid: {
                title: 'ตารางข้อมูล',
                unlabeled: 'คอลัมน์ที่ไม่มีชื่อ #%{column}',
            },
            SimpleForm: {
                title: 'แบบฟอร์ม',
                unlabeled: 'ช่องกรอกข้อมูลที่ไม่มีชื่อ #%{input}',
            },
            SimpleList: {
                title: 'รายการ',
                primaryText: 'ข้อความหลัก',
                secondaryText: 'ข้อความรอง',
                tertiaryText: 'ข้อความลำดับที่สาม',
            },
        },
    },
};

export default raThai;
