/** Single sign-on (settings, menu 13, and the login page's button). English is typed against Thai. */
export const th = {
  sso: {
    title: 'เข้าสู่ระบบด้วยบัญชีองค์กร (SSO)',
    intro:
      'ให้พนักงานเข้าสู่ระบบผ่านผู้ให้บริการยืนยันตัวตนของบริษัท (OpenID Connect เช่น Microsoft Entra ID, Google Workspace, Keycloak) ระบบจับคู่ผู้ใช้ด้วยอีเมลภายในบริษัทนี้',
    redirect_uri: 'Redirect URI ที่ต้องลงทะเบียนไว้กับผู้ให้บริการ',
    sections: {
      provider: 'ผู้ให้บริการยืนยันตัวตน',
      users: 'ผู้ใช้',
      password: 'การเข้าสู่ระบบด้วยรหัสผ่าน',
    },
    fields: {
      enabled: 'เปิดใช้การเข้าสู่ระบบด้วยบัญชีองค์กร',
      providerName: 'ชื่อผู้ให้บริการ (แสดงบนปุ่มในหน้าเข้าสู่ระบบ)',
      issuer: 'Issuer URL',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      userClaim: 'Claim ที่ระบุผู้ใช้ (อีเมล)',
      allowedDomains: 'โดเมนอีเมลที่อนุญาต',
      createUsers: 'สร้างผู้ใช้ที่ยังไม่มีในระบบโดยอัตโนมัติ',
      createRoleId: 'บทบาทของผู้ใช้ที่สร้างใหม่',
      passwordSigninOff: 'ปิดการเข้าสู่ระบบด้วยรหัสผ่าน',
      breakGlassUserId: 'ผู้ดูแลระบบฉุกเฉิน (ยังใช้รหัสผ่านได้)',
    },
    hints: {
      providerName: 'เช่น Microsoft Entra ID',
      issuer: 'เช่น https://login.microsoftonline.com/<tenant>/v2.0',
      secret_set: 'ตั้งค่าไว้แล้ว เว้นว่างไว้เพื่อใช้ค่าเดิม (ระบบไม่แสดงค่านี้)',
      secret_unset: 'ยังไม่ได้ตั้งค่า ระบบเก็บแบบเข้ารหัส',
      secret_again: 'Issuer URL หรือ Client ID เปลี่ยนไป: กรุณากรอก Client secret ของผู้ให้บริการใหม่อีกครั้ง',
      userClaim: 'ค่าเริ่มต้นคือ email',
      allowedDomains: 'บรรทัดละหนึ่งโดเมน เช่น example.co.th เว้นว่างไว้เพื่ออนุญาตทุกโดเมน',
      createUsers: 'ปิดไว้: ผู้ที่ไม่พบอีเมลในบริษัทจะเข้าสู่ระบบไม่ได้',
      passwordSigninOff: 'ทุกคนต้องเข้าสู่ระบบผ่านผู้ให้บริการ ยกเว้นผู้ดูแลระบบฉุกเฉิน 1 คน (กรณีผู้ให้บริการใช้งานไม่ได้)',
    },
    save: 'บันทึก',
    saved: 'บันทึกการตั้งค่า SSO แล้ว',
    load_failed: 'โหลดการตั้งค่า SSO ไม่สำเร็จ',
    read_only: 'คุณดูการตั้งค่านี้ได้ แต่ไม่มีสิทธิ์แก้ไข',
    required: 'กรุณากรอก%{field}',
    sign_in_with: 'เข้าสู่ระบบด้วย %{provider}',
    or_password: 'หรือเข้าสู่ระบบด้วยรหัสผ่าน',
    password_off: 'บริษัทนี้เข้าสู่ระบบผ่านบัญชีองค์กร (รหัสผ่านใช้ได้เฉพาะผู้ดูแลระบบฉุกเฉิน)',
    signing_in: 'กำลังเข้าสู่ระบบด้วยบัญชีองค์กร…',
    start_errors: {
      sso_not_offered: 'บริษัทนี้ยังไม่ได้เปิดการเข้าสู่ระบบด้วยบัญชีองค์กร (SSO) กรุณาตรวจสอบรหัสบริษัท',
      sso_unreachable: 'ติดต่อผู้ให้บริการยืนยันตัวตนของบริษัทไม่สำเร็จ กรุณาลองใหม่ภายหลัง หรือเข้าสู่ระบบด้วยรหัสผ่าน',
      throttled: 'มีการเริ่มเข้าสู่ระบบจากที่อยู่นี้บ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่',
      sso_start_failed: 'เริ่มการเข้าสู่ระบบด้วยบัญชีองค์กรไม่สำเร็จ กรุณาลองใหม่ หรือติดต่อผู้ดูแลระบบของบริษัท',
    },
  },
};

export const en: typeof th = {
  sso: {
    title: 'Single sign-on (SSO)',
    intro:
      "Let staff sign in through the company's identity provider (OpenID Connect: Microsoft Entra ID, Google Workspace, Keycloak…). People are matched by e-mail within this company.",
    redirect_uri: 'Redirect URI to register at the provider',
    sections: {
      provider: 'Identity provider',
      users: 'Users',
      password: 'Password sign-in',
    },
    fields: {
      enabled: 'Single sign-on is on',
      providerName: 'Provider name (shown on the login button)',
      issuer: 'Issuer URL',
      clientId: 'Client ID',
      clientSecret: 'Client secret',
      userClaim: 'Claim naming the user (e-mail)',
      allowedDomains: 'Allowed e-mail domains',
      createUsers: 'Create people not yet in the system',
      createRoleId: 'Role of the people created',
      passwordSigninOff: 'Password sign-in is off',
      breakGlassUserId: 'Break-glass administrator (keeps the password)',
    },
    hints: {
      providerName: 'Such as Microsoft Entra ID',
      issuer: 'Such as https://login.microsoftonline.com/<tenant>/v2.0',
      secret_set: 'Set. Leave blank to keep it (it is never shown).',
      secret_unset: 'Not set yet. It is stored encrypted.',
      secret_again: 'The issuer URL or client ID changed: please enter the client secret again.',
      userClaim: 'email by default',
      allowedDomains: 'One domain a line, such as example.co.th; blank allows any domain',
      createUsers: 'Off: a person whose e-mail is not found in the company cannot sign in',
      passwordSigninOff: 'Everyone signs in through the provider, except one break-glass administrator (for when the provider is down)',
    },
    save: 'Save',
    saved: 'SSO settings saved',
    load_failed: 'The SSO settings could not be loaded',
    read_only: 'You may view these settings but not change them',
    required: 'Please fill in %{field}',
    sign_in_with: 'Sign in with %{provider}',
    or_password: 'or sign in with a password',
    password_off: 'This company signs in with organisation accounts (passwords for the break-glass administrator only)',
    signing_in: 'Signing in with your organisation account…',
    start_errors: {
      sso_not_offered: 'This company has not turned on single sign-on (SSO). Please check the company code.',
      sso_unreachable: "The company's identity provider could not be reached. Please try again later, or sign in with a password.",
      throttled: 'Too many sign-ins were started from this address. Please wait a moment and try again.',
      sso_start_failed: 'Single sign-on could not start. Please try again, or contact your company administrator.',
    },
  },
};

const texts = { th, en };
export default texts;

/** This area in the index of every area (i18n/index.ts), by declaration merging: no list is kept by hand. */
declare module './index' {
  interface TextAreas {
    sso: typeof texts;
  }
}
