/** Every affiliate query lives under this key: a member's link and figures, and the admin's programme page. */
export const affiliateQueryKey = ['affiliate'] as const;
export const memberAffiliateKey = (userId: string) => [...affiliateQueryKey, 'member', userId] as const;
export const adminAffiliateKey = [...affiliateQueryKey, 'admin'] as const;
