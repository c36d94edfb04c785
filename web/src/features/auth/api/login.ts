import { useMutation } from '@/lib/query/use-mutation.js';
import { signInAnswerSchema, type SignInAnswer } from '@domain/auth.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

interface LoginBody {
  email: string;
  password: string;
}

/** POST /api/auth/login: a new session (cookie) and its CSRF token, handed to the client at once. */
async function login(body: LoginBody): Promise<SignInAnswer> {
  const answer = await api.post(apiPaths.login(), body, signInAnswerSchema);
  api.setCsrfToken(answer.csrfToken);
  return answer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
