import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { CarouselForm } from './components/CarouselForm.tsx';
import { CarouselList } from './components/CarouselList.tsx';

/** Carousel: the list, 'Add Carousel Item' and 'Edit Carousel Item' (spec 2). */
export const carouselRoutes: RouteObject[] = [
  { path: PATHS.carousel, element: <CarouselList /> },
  { path: PATHS.carouselCreate, element: <CarouselForm key="create" /> },
  { path: `${PATHS.carousel}/:id`, element: <CarouselForm key="edit" /> },
];
