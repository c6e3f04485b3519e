import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import { NotificationType } from '@jibs/domain';
import type { NotificationEntity } from './notification.entity';

registerEnumType(NotificationType, { name: 'NotificationType' });

@ObjectType('Notification')
export class NotificationModel {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;

  @Field()
  message!: string;

  @Field(() => NotificationType)
  type!: NotificationType;

  @Field()
  read!: boolean;

  @Field()
  createdAt!: Date;

  static from(
    row: Pick<NotificationEntity, 'id' | 'title' | 'message' | 'type' | 'read' | 'createdAt'>,
  ): NotificationModel {
    return Object.assign(new NotificationModel(), {
      id: row.id,
      title: row.title,
      message: row.message,
      type: row.type,
      read: row.read,
      createdAt: new Date(row.createdAt),
    });
  }
}
