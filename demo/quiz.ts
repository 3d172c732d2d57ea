/**
 * Knowledge tests of the demo companies: departments and staff who must take them, the tests, and some
 * attempts (passed, failed, not yet taken). Plain data for the server's seed and the fake-api's fixtures.
 */
import type { QuizRecurrence, QuizTopic } from '../contract/quiz';
import type { DemoUser } from './companies';

export interface QuizDemoTest {
  title: string;
  description: string;
  topics: QuizTopic[];
  questionCount: number;
  timeLimitMinutes: number;
  passMark: number;
  /** due this many days from the seed's day (negative: already past) */
  dueInDays: number;
  retakeDays: number;
  /** a yearly test, and its current round (2: the first round's due date passed a year before this one's) */
  recurrence?: QuizRecurrence;
  round?: number;
  /** indexes into `departments` */
  departments: number[];
  /** usernames of people who must take it by name */
  usernames: string[];
}

export interface QuizDemoAttempt {
  test: number;
  username: string;
  daysAgo: number;
  /** how many of the drawn questions are answered right */
  right: number;
}

export interface QuizDemo {
  departments: string[];
  /** staff of the departments (role staff), `department` an index into `departments` */
  people: (DemoUser & { department: number })[];
  /** a department's head (index into `departments` → a username of `people`): they see its standing under "My team" */
  heads?: Record<number, string>;
  tests: QuizDemoTest[];
  attempts: QuizDemoAttempt[];
}

const staff = (username: string, firstname: string, lastname: string, department: number) => ({
  username,
  password: 'staff12345',
  firstname,
  lastname,
  email: `${username}@thaidigital.example`,
  role: 'staff' as const,
  department,
});

export const QUIZ_DEMO: Record<string, QuizDemo> = {
  DEMO: {
    departments: ['ศูนย์บริการลูกค้าสัมพันธ์ (Call Center)', 'งานสรรหาและพัฒนาบุคลากร'],
    // the Call Center's head, a staff member without the documents menu: their team's standing is theirs alone
    heads: { 0: 'kanya' },
    people: [
      staff('kanya', 'กัญญา', 'บริการดี', 0),
      staff('prasit', 'ประสิทธิ์', 'รับสาย', 0),
      staff('wanida', 'วนิดา', 'ตอบไว', 0),
      staff('somsak', 'สมศักดิ์', 'คนดี', 1),
      staff('malee', 'มาลี', 'ใจงาม', 1),
    ],
    tests: [
      {
        title: 'แบบทดสอบความรู้ PDPA ประจำปี 2569 สำหรับศูนย์บริการลูกค้าสัมพันธ์',
        description: 'ทบทวนความรู้เรื่องความยินยอม สิทธิของเจ้าของข้อมูล และการแจ้งเหตุละเมิด สำหรับพนักงานที่ติดต่อกับลูกค้าโดยตรง',
        topics: ['consent', 'dsr', 'breach'],
        questionCount: 10,
        timeLimitMinutes: 20,
        passMark: 80,
        dueInDays: 5,
        retakeDays: 1,
        departments: [0],
        usernames: [],
      },
      {
        title: 'ความรู้พื้นฐาน พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล สำหรับพนักงานทุกคน',
        description: 'ฐานทางกฎหมาย ความยินยอม สิทธิของเจ้าของข้อมูล เหตุละเมิด และความมั่นคงปลอดภัย',
        topics: ['lawful_basis', 'consent', 'dsr', 'breach', 'security'],
        questionCount: 15,
        timeLimitMinutes: 30,
        passMark: 70,
        dueInDays: 30,
        retakeDays: 3,
        recurrence: 'yearly',
        round: 2,
        departments: [0, 1],
        usernames: ['admin', 'viewer'],
      },
    ],
    attempts: [
      { test: 0, username: 'kanya', daysAgo: 3, right: 9 },
      { test: 0, username: 'prasit', daysAgo: 2, right: 6 },
      { test: 1, username: 'somsak', daysAgo: 4, right: 13 },
      { test: 1, username: 'malee', daysAgo: 1, right: 8 },
      // last year's round: kanya's pass stays valid (her certificate) but she must pass this round again
      { test: 1, username: 'kanya', daysAgo: 340, right: 14 },
    ],
  },
  SIAM: {
    departments: [],
    people: [],
    tests: [
      {
        title: 'PDPA สำหรับพนักงานสาขา',
        description: '',
        topics: ['consent', 'security'],
        questionCount: 5,
        timeLimitMinutes: 10,
        passMark: 80,
        dueInDays: 14,
        retakeDays: 1,
        departments: [],
        usernames: ['admin'],
      },
    ],
    attempts: [],
  },
};
