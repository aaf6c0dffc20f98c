import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/**
 * Spec 1 section 2.4. FAQs, feedback and support open their lists and the two pages their page by key
 * (resources/pages, its `routes`).
 */
export const FOOTER_LINKS = [
  { to: '/faqs', label: 'app.footer.faqs' },
  { to: '/feedbacks', label: 'app.footer.feedback' },
  { to: '/pages/privacy-policy', label: 'app.footer.privacy_policy' },
  { to: '/pages/terms-and-conditions', label: 'app.footer.terms' },
  { to: '/supports', label: 'app.footer.support' },
] as const;

export const Footer = () => {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        mt: 3,
        py: 2,
        paddingInline: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="nav"
        aria-label={translate('app.footer.links')}
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {FOOTER_LINKS.map(({ to, label }) => (
          <Link key={to} component={RouterLink} to={to} variant="body2" underline="hover" color="text.secondary">
            {translate(label)}
          </Link>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('app.footer.powered_by', { year: new Date().getFullYear() })}
      </Typography>
    </Box>
  );
};
