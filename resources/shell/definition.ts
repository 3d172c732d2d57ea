import { z } from 'zod';
import { notificationListReply } from '../../contract/notifications';
import { apiCall, type ResourceDefinition, type CallsOf } from '../types';

/** The user's notifications: the bell shows the latest five, this resource lists them all. */
const definition = {
  name: 'notifications',
  menu: 'main',
  api: {
    getList: {
      method: 'GET',
      path: () => '/user/notification/list',
      // `filter.order: 'unread'` (the notifications page) puts the unread ones first
      query: ({ pagination, filter }) => ({
        currentPage: pagination?.page ?? 1,
        limit: pagination?.perPage ?? 20,
        order: filter?.order === 'unread' ? 'unread' : undefined,
      }),
      reply: (body) => {
        const reply = notificationListReply.parse(body);
        return {
          data: reply.notificationList.map((n) => ({ ...n, id: n._id })),
          total: reply.totalNotification,
          meta: { unread: reply.unread },
        };
      },
    },
    update: {
      method: 'POST',
      path: () => '/user/notification/read',
      body: ({ id }) => ({ notificationId: z.string().parse(String(id)) }),
      reply: (_body, { id, data, previousData }) => ({ data: { ...previousData, ...data, id, read: true } }),
    },
  },
  calls: {
    markAllNotificationsRead: apiCall({
      method: 'POST',
      path: () => '/user/notification/read',
      body: () => ({ all: true }),
      reply: () => undefined,
    }),
  },
} satisfies ResourceDefinition;
export default definition;

declare module '../types' {
  interface DefinedCalls extends CallsOf<typeof definition> {}
}
