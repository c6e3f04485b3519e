import { Injectable } from '@nestjs/common';
import { DataSource, Not, IsNull } from 'typeorm';
import { PaymentStatus } from '@jibs/domain';
import { PaymentEntity } from './payment.entity';

@Injectable()
export class PaymentsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first. */
  list(userId: string): Promise<PaymentEntity[]> {
    return this.dataSource.manager.find(PaymentEntity, {
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }

  /** Completed payments only, cents. */
  async completedTotal(userId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT COALESCE(SUM(amount), 0)::int AS total FROM payments WHERE user_id = $1 AND status = $2',
      [userId, PaymentStatus.COMPLETED],
    );
    return row.total;
  }

  /** Admins: payments taken but not counted (refunded or to refund), newest first. */
  flagged(limit: number): Promise<PaymentEntity[]> {
    return this.dataSource.manager.find(PaymentEntity, {
      where: { flagReason: Not(IsNull()) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
