import { useQuery } from '@tanstack/react-query';
import { coinsApi } from '../../lib/api-coins';

/** The reader's coins and their history (issue 42); a payment or an unlock asks again (key 'wallet'). */
export const useWallet = (enabled: boolean) => useQuery({ queryKey: ['wallet'], queryFn: coinsApi.wallet, enabled, staleTime: 0 });
