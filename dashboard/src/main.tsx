import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
// The style sheets in cascade order: a later rule wins over an earlier one of the same specificity.
import './styles/base.css';
import './styles/forms.css';
import './styles/lists.css';
import './styles/inbox.css';
import './styles/message-content.css';
import './styles/sends.css';
import './styles/routing.css';
import './styles/templates.css';
import './styles/overview.css';
import './styles/account-banner.css';
import './styles/block.css';
import './styles/team.css';
import './styles/privacy.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
