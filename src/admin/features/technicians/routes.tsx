import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { TechnicianForm } from './components/TechnicianForm.tsx';
import { TechniciansScreen } from './components/TechniciansScreen.tsx';

/** Technicians: the list and one technician's form (/admin/technicians, /admin/technicians/:technicianId, …/create). */
export const technicianRoutes: RouteObject[] = [
  { path: PATHS.technicians, element: <TechniciansScreen /> },
  { path: `${PATHS.technicians}/create`, element: <TechnicianForm key="create" /> },
  { path: `${PATHS.technicians}/:technicianId`, element: <TechnicianForm key="edit" /> },
];
