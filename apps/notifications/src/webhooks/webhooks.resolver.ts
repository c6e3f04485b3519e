import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser, Roles, type AuthUser } from '@jibs/auth';
import { Role, WEBHOOK_EVENT_TYPES } from '@jibs/domain';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';
import {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryModel,
  WebhookDeliveryState,
  WebhookEndpointCreatedModel,
  WebhookEndpointModel,
} from './webhooks.model';
import { WebhooksService } from './webhooks.service';

const DELIVERIES_DEFAULT = 50;
const DELIVERIES_MAX = 200;

@Resolver(() => WebhookEndpointModel)
export class WebhooksResolver {
  constructor(private readonly webhooks: WebhooksService) {}

  @Roles(Role.ADMIN)
  @Query(() => [String], { description: 'Admins only: the event types an endpoint may receive.' })
  webhookEventTypes(): string[] {
    return [...WEBHOOK_EVENT_TYPES];
  }

  @Roles(Role.ADMIN)
  @Query(() => [WebhookEndpointModel], { description: 'Admins only: the registered endpoints.' })
  async webhookEndpoints(): Promise<WebhookEndpointModel[]> {
    return (await this.webhooks.endpoints()).map(endpointModel);
  }

  @Roles(Role.ADMIN)
  @Query(() => [WebhookDeliveryModel], {
    description: `Admins only: deliveries, newest first; \`first\` 1 to ${DELIVERIES_MAX}.`,
  })
  async webhookDeliveries(
    @Args('endpointId', { type: () => ID, nullable: true }) endpointId?: string | null,
    @Args('status', { type: () => WebhookDeliveryState, nullable: true })
    status?: WebhookDeliveryState | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: DELIVERIES_DEFAULT })
    first?: number | null,
  ): Promise<WebhookDeliveryModel[]> {
    const take = Math.min(Math.max(first ?? DELIVERIES_DEFAULT, 1), DELIVERIES_MAX);
    return (await this.webhooks.deliveries({ endpointId, status, first: take })).map(deliveryModel);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => WebhookEndpointCreatedModel, {
    description:
      'Admins only: registers an endpoint for some event types. In production it must be https:// and resolve to public addresses only.',
  })
  async createWebhookEndpoint(
    @CurrentUser() admin: AuthUser,
    @Args('input') input: CreateWebhookEndpointInput,
  ): Promise<WebhookEndpointCreatedModel> {
    const { endpoint, secret } = await this.webhooks.create(admin.id, input);
    return Object.assign(new WebhookEndpointCreatedModel(), {
      endpoint: endpointModel(endpoint),
      secret,
    });
  }

  @Roles(Role.ADMIN)
  @Mutation(() => WebhookEndpointModel, {
    description: 'Admins only: changes an endpoint’s address, event types, or pauses it.',
  })
  async updateWebhookEndpoint(
    @CurrentUser() admin: AuthUser,
    @Args('id', { type: () => ID }) id: string,
    @Args('input') input: UpdateWebhookEndpointInput,
  ): Promise<WebhookEndpointModel> {
    return endpointModel(await this.webhooks.update(admin.id, id, input));
  }

  @Roles(Role.ADMIN)
  @Mutation(() => Boolean, { description: 'Admins only: removes an endpoint and its deliveries.' })
  deleteWebhookEndpoint(
    @CurrentUser() admin: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    return this.webhooks.remove(admin.id, id);
  }

  @Roles(Role.ADMIN)
  @Mutation(() => WebhookDeliveryModel, {
    description:
      'Admins only: sends a failed or delivered delivery again, now, with the same event id (receivers drop duplicates by it).',
  })
  async replayWebhookDelivery(
    @CurrentUser() admin: AuthUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<WebhookDeliveryModel> {
    return deliveryModel(await this.webhooks.replay(admin.id, id));
  }
}

function endpointModel(endpoint: WebhookEndpointEntity): WebhookEndpointModel {
  return Object.assign(new WebhookEndpointModel(), {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    active: endpoint.active,
    createdAt: endpoint.createdAt,
  });
}

function deliveryModel(delivery: WebhookDeliveryEntity): WebhookDeliveryModel {
  return Object.assign(new WebhookDeliveryModel(), {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status as WebhookDeliveryState,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
    deliveredAt: delivery.deliveredAt,
    createdAt: delivery.createdAt,
  });
}
