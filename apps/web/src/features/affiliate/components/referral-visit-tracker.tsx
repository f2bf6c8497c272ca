import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { recordReferralVisit } from '../api/record-referral-visit';

/**
 * `?ref=<code>` on any page: hands the code to the server (which counts the click and sets the
 * attribution cookie) and takes it out of the address bar. Renders nothing.
 */
export function ReferralVisitTracker() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('ref');
    if (!code) return;
    params.delete('ref');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    // A bad or unknown code changes nothing; there is nothing to tell the visitor either way.
    recordReferralVisit(code).catch(() => {});
  }, [location.search, location.pathname, location.hash, navigate]);
  return null;
}
