/** The generators' view of the services: the registry lives with the launcher (`@jibs/stack`). */
export { baseEnv, SERVICES, serviceDescriptors, type ServiceEntry } from '@jibs/stack';
