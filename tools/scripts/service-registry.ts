/** The generators' view of the services: the registry lives with the launcher (`@jibs/stack`). */
export {
  baseEnv,
  serviceDescriptors,
  serviceEntry,
  services,
  type ServiceEntry,
} from '@jibs/stack';
