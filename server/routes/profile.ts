import { Router } from 'express';
import { z } from 'zod';
import type { Core } from '../../core/index.js';
import { requireUser } from '../middleware/guards.js';
import { parseRequest } from '../middleware/validate.js';
import { endSession } from './auth.js';

const updateSchema = z.object({
  home_city_key: z.string({ error: 'Please select a city' }).trim().min(1, 'Please select a city').max(200),
});

/** The signed-in member's own profile (api.md): read, change the home city, delete the account. */
export function createProfileRouter(core: Core): Router {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json(await core.profiles.getProfile(req.user!.id));
  });

  router.patch('/', async (req, res) => {
    const { home_city_key } = parseRequest(updateSchema, req);
    res.json(await core.profiles.updateHomeCity(req.user!.id, home_city_key));
  });

  router.delete('/', async (req, res) => {
    await core.profiles.deleteAccount(req.user!.id);
    await endSession(req, res);
    res.status(204).end();
  });

  return router;
}
