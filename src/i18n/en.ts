import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'ra-core';
import type { AppMessages } from './th';

/** Every English text: the same keys as `th.ts` (the type checker holds them together). */
const enApp: AppMessages = {
  app: {
    name: 'Personal Data Protection (PDPA) Back Office',
    short_name: 'PDPA Back Office',
    footer: '© %{year} Personal data protection management under the Thai PDPA B.E. 2562 (2019)',
    terms: 'Terms and conditions',
    loading: 'Loading...',
    load_timeout: 'This page took too long to load (over 120 seconds). Please check your connection and try again.',
    retry: 'Try again',
  },
  menu: {
    main: 'Main menu',
    dashboard: 'Dashboard',
    ropa: 'Records of processing (ROPA)',
    dataManage: 'Data map',
    consents: 'Privacy notices and consent',
    cookie: 'Cookie consent',
    dataBreach: 'Data breach log',
    riskManagement: 'Risk management',
    dpo: 'Data protection officer (DPO)',
    sheets: 'Documents',
    settings: 'Company settings',
    contacts: 'Users and roles',
    always: 'Access denied',
    recent: 'Recently used',
    no_menu: 'This account has not been given any menu yet. Please contact your company administrator.',
  },
  auth: {
    staff_title: 'Staff sign-in',
    contact_title: 'Contact sign-in',
    company_code: 'Company code',
    username: 'Username',
    password: 'Password',
    sign_in: 'Sign in',
    signing_in: 'Signing in...',
    to_contact_login: 'Sign in as a contact',
    to_staff_login: 'Sign in as staff',
    required: 'Please enter the %{field}',
    show_password: 'Show password',
    hide_password: 'Hide password',
  },
  shell: {
    notifications: 'Notifications',
    notifications_count: '%{count} unread notifications',
    no_notifications: 'No notifications',
    mark_all_read: 'Mark all as read',
    user_menu: 'User menu',
    logout: 'Sign out',
    language: 'Change language',
    language_th: 'ไทย',
    language_en: 'English',
    fullscreen_on: 'Full screen',
    fullscreen_off: 'Exit full screen',
    toggle_sidebar: 'Collapse or expand the menu',
    contact_badge: 'Contact',
  },
  notifications: {
    kinds: {
      welcome: 'Welcome to %{company}',
      dsr_new: 'New data subject request %{ref}',
      dsr_due: 'Data subject request %{ref} is due in %{days} days',
      breach_clock: 'Breach "%{title}": %{hours} hours left to notify the PDPC Office',
      evaluation_finished: 'Risk evaluation "%{title}" is finished',
    },
  },
  pages: {
    main: {
      title: 'Main menu',
      greeting: 'Hello, %{name}',
      subtitle: 'Choose what you want to work on',
    },
    dashboard: {
      title: 'Dashboard',
      company: 'Company',
      menus: 'Menus you can use',
      unread: 'Unread notifications',
      latest: 'Latest notifications',
      modules_coming: 'Each module adds its summary here once it is enabled.',
    },
    not_found: {
      title: 'Page not found (404)',
      text: 'The page may have moved or been removed, or the address is mistyped.',
      back: 'Back to home',
    },
    forbidden: {
      title: 'Access denied',
      text: 'Your role may not use this page. Please ask your company administrator if you need it.',
      back: 'Back to the main menu',
    },
    coming: {
      title: 'This module is being built',
      text: 'This page is not available yet.',
    },
    terms: {
      title: 'Terms and conditions of use',
      updated: 'Last updated %{date}',
      sections: {
        scope: {
          heading: '1. The service',
          body: 'This system gives organisations the tools to comply with the Personal Data Protection Act B.E. 2562 (2019): records of processing, data subject requests, privacy notices and consent, cookie consent, breach logging, risk management and the appointment of a data protection officer.',
        },
        accounts: {
          heading: '2. Accounts and security',
          body: 'Users must keep their username and password secret and are responsible for everything done under their account. Report any unauthorised use to your organisation\'s administrator at once, so the sessions can be revoked and the password changed.',
        },
        data: {
          heading: '3. Your organisation\'s data',
          body: 'The data each organisation records belongs to it and is kept entirely apart from every other organisation\'s. The organisation, as the data controller, decides the purposes and means of processing; the operator of this system acts as a data processor on its instructions only.',
        },
        protection: {
          heading: '4. Personal data protection',
          body: 'Passwords are stored in a form that cannot be reversed, access is limited by role and significant actions are logged, in line with the security measures required by the Personal Data Protection Committee\'s notifications.',
        },
        contact: {
          heading: '5. Contact',
          body: 'For questions about these terms or the system, please contact your organisation\'s administrator or data protection officer.',
        },
      },
    },
  },
  resources: {
    notifications: {
      name: 'Notifications',
      fields: { message: 'Notification', created_dt: 'Date' },
    },
  },
  errors: {
    title: 'An error occurred',
    code: 'CODE',
    network: 'Cannot connect to the server. Please try again later.',
    generic: 'An error occurred. Please try again later!',
    timeout: 'The server took too long to answer. Please try again later.',
  },
  common: {
    empty_list: 'No data in the system yet',
    no_results: 'No matching records',
    delete_dialog: {
      title: 'Delete data',
      text: 'Please check the data carefully before doing this.',
      hint: 'Type the word %{word} to confirm',
      mismatch: 'The word typed is not "%{word}"',
      confirm: 'Delete',
      cancel: 'Cancel',
    },
    deleted: 'Deleted successfully',
  },
  server: {
    bad_request: 'The data sent is not valid. Please check it and try again.',
    invalid_field: 'The field "%{field}" is not valid: %{reason}',
    malformed_json: 'The data sent is not valid JSON.',
    unsupported_media: 'This kind of content is not supported. Please send JSON.',
    too_large: 'The data sent is larger than allowed.',
    not_signed_in: 'Please sign in first.',
    session_expired: 'Your session has expired or was revoked. Please sign in again.',
    forbidden: 'You may not use this menu. Please contact your company administrator.',
    read_only: 'Your role may only view this data, not change it.',
    not_found: 'The record was not found.',
    route_not_found: 'No such service.',
    conflict: 'This duplicates an existing record.',
    throttled: 'Too many requests. Please wait a moment and try again.',
    internal: 'The system is temporarily unavailable. Please try again later.',
    signin_token: 'The sign-in request is invalid or expired. Please check your device\'s clock and try again.',
    signin_failed: 'The company code, username or password is incorrect.',
    signin_disabled: 'This account is disabled. Please contact your company administrator.',
    signin_throttled: 'Too many failed sign-ins. Please wait %{minutes} minutes and try again.',
  },
};

const en: TranslationMessages & AppMessages = { ...englishMessages, ...enApp };
export default en;
