/** antd's Result (404) look without antd, for app/not-found.tsx (an inline style: see there why not a stylesheet). */
export const NOT_FOUND_CSS = `
.jw-nf-main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px}
.jw-nf-result{padding:48px 32px;text-align:center;color:rgba(0,0,0,.88)}
.jw-nf-code{margin:0;font-size:72px;font-weight:600;line-height:1;color:#58b8a1;letter-spacing:4px}
.jw-nf-subtitle{margin-top:16px;font-size:14px;color:rgba(0,0,0,.45)}
.jw-nf-extra{margin-top:24px}
.jw-nf-button{display:inline-flex;align-items:center;height:32px;padding:0 15px;font-size:14px;color:#fff;background:#58b8a1;border-radius:6px;box-shadow:0 2px 0 rgba(5,155,120,.1);text-decoration:none}
.jw-nf-button:hover{background:#7ccab3}
`;
