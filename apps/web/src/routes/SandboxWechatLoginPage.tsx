import { useSearchParams } from 'react-router';
import { SandboxWechatLogin } from '../features/account/SandboxWechatLogin';

/** /sandbox/wechat-login?state=…: the sandbox's stand-in for WeChat's QR login page (issue 60). */
export default function SandboxWechatLoginPage() {
  const [search] = useSearchParams();
  return <SandboxWechatLogin state={search.get('state') ?? ''} />;
}
