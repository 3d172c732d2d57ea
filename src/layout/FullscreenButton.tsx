import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { IconButton } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

export function FullscreenButton() {
  const translate = useTranslate();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined);
  return (
    <IconButton color="inherit" onClick={toggle} aria-label={translate(full ? 'shell.fullscreen_off' : 'shell.fullscreen_on')}>
      {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
    </IconButton>
  );
}
