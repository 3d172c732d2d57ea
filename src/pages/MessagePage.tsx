import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A full-width message with one way out: the 404, forbidden and "being built" pages. */
export function MessagePage(props: { icon: ReactNode; title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Box sx={{ fontSize: 64, color: 'text.secondary' }}>{props.icon}</Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {props.text}
      </Typography>
      {props.action ? (
        <Button variant="contained" component={Link} to={props.action.to}>
          {props.action.label}
        </Button>
      ) : null}
    </Box>
  );
}
