// The page before the module runs: Trunk's initializer (`data-initializer` in index.html) calls
// these hooks while it fetches and starts the wasm module. The bar counts the module's bytes
// against its size at build time (Trunk passes it), so it is determinate whatever the host's
// compression; a module that cannot load (a dropped network, a 404 after a redeploy) leaves a
// message and a retry button instead of a blank page. The texts follow the link's language
// (`lang=` in the fragment), else the learner's last choice, else the browser's, as the page does.
const TEXT = {
  en: {
    loading: 'Loading the playground',
    progress: (kb, total) => `${kb} of ${total} KB`,
    failed: 'The playground could not load. Check the connection, then try again.',
    retry: 'Try again',
    details: 'Details',
  },
  zh: {
    loading: '正在加载演练场',
    progress: (kb, total) => `已接收 ${kb} / ${total} KB`,
    failed: '演练场没能加载。请检查网络连接，然后重试。',
    retry: '重试',
    details: '详情',
  },
};

function lang() {
  const fromLink = /(?:^#|&)lang=(zh|en)(?:&|$)/.exec(location.hash);
  if (fromLink) return fromLink[1];
  let stored = null;
  try {
    stored = localStorage.getItem('atp.lang');
  } catch (_) {
    // Storage unavailable (private mode): the browser's language decides.
  }
  if (stored === 'zh' || stored === 'en') return stored;
  return (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

const kb = (bytes) => Math.round(bytes / 1000).toLocaleString('en');

export default function initializer() {
  const boot = document.getElementById('boot');
  const t = TEXT[lang()];
  const bar = boot?.querySelector('progress');
  const label = boot?.querySelector('[data-boot=progress]');
  return {
    onStart() {
      if (!boot) return;
      document.documentElement.lang = lang() === 'zh' ? 'zh-CN' : 'en';
      boot.querySelector('[data-boot=title]').textContent = t.loading;
      boot.hidden = false;
    },
    onProgress({ current, total }) {
      if (!bar || !total) return;
      bar.max = total;
      // What the bar counts against, for the load test (the module's size at build time).
      window.__bootTotal = total;
      bar.value = Math.min(current, total);
      label.textContent = t.progress(kb(Math.min(current, total)), kb(total));
    },
    onSuccess() {
      // The module has mounted the page by now (its start function ran inside init), after
      // the static first view (index.html): the live page takes its place in the same frame.
      document.getElementById('first-view')?.remove();
      document.documentElement.classList.remove('first-view-shown');
      boot?.remove();
    },
    onFailure(error) {
      if (!boot) return;
      boot.querySelector('[data-boot=loading]').hidden = true;
      const failed = boot.querySelector('[data-boot=failed]');
      failed.hidden = false;
      failed.querySelector('p').textContent = t.failed;
      failed.querySelector('summary').textContent = t.details;
      failed.querySelector('code').textContent = String(error?.message ?? error);
      const retry = failed.querySelector('button');
      retry.textContent = t.retry;
      retry.addEventListener('click', () => location.reload());
      retry.focus();
    },
  };
}
