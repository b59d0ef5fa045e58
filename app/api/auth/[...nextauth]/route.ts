import NextAuth from 'next-auth';

import { getAuthOptions } from '@/lib/server/auth';

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  // next-auth v4 reads params synchronously; Next 16 hands them over as a promise.
  return NextAuth(getAuthOptions())(req, { params: await ctx.params });
}

export { handler as GET, handler as POST };
