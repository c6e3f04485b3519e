import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('TotpSetup')
export class TotpSetupModel {
  @Field({
    description: 'PNG data URL of the QR code, generated on the server (no third-party service).',
  })
  qrCodeDataUrl!: string;

  @Field({ description: 'The base32 secret, for typing into the authenticator by hand.' })
  manualEntryKey!: string;

  @Field()
  otpauthUrl!: string;
}
