import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Title, useDataProvider, usePermissions, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { PROMOTIONAL_QUERY_KEY, SITE_PATH, type PromotionalData } from './api';
import { AboutForm, BannerForm, HowItWorksForm, LogoForm } from './SectionForms';
import { SliderTab, TestimonialTab } from './CollectionTabs';
import type { PromotionalRights } from './types';

export const PROMOTIONAL_TABS = ['logo', 'banner', 'about', 'sliders', 'how_it_works', 'testimonials'] as const;
export type PromotionalTab = (typeof PROMOTIONAL_TABS)[number];

const tabContent = (tab: PromotionalTab, data: PromotionalData, rights: PromotionalRights): ReactNode => {
  switch (tab) {
    case 'logo':
      return <LogoForm record={data.logo} canSave={rights.edit} />;
    case 'banner':
      return <BannerForm record={data.banner} canSave={rights.edit} />;
    case 'about':
      return <AboutForm record={data.about} canSave={rights.edit} />;
    case 'sliders':
      return <SliderTab sliders={data.sliders} rights={rights} />;
    case 'how_it_works':
      return <HowItWorksForm record={data.how_it_works} canSave={rights.edit} />;
    case 'testimonials':
      return <TestimonialTab testimonials={data.testimonials} rights={rights} />;
  }
};

/**
 * /promotional (spec 1 section 2.7): the landing site's content in six tabs, each its own form with
 * its own Save; the chosen tab is in the address (?tab=), so a reload or a shared link keeps it.
 * "Preview site" opens the public site in a new tab.
 */
export const PromotionalPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const { permissions } = usePermissions<string[]>();
  const held = Array.isArray(permissions) ? permissions : [];
  const rights: PromotionalRights = { edit: held.includes('edit_setting'), create: held.includes('create_setting'), remove: held.includes('delete_setting') };
  const requested = params.get('tab');
  const tab: PromotionalTab = (PROMOTIONAL_TABS as readonly string[]).includes(requested ?? '') ? (requested as PromotionalTab) : 'logo';
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: PROMOTIONAL_QUERY_KEY, queryFn: async ({ signal }) => (await dataProvider.getPromotional({ signal })).data });
  const tabsId = 'promotional-tabs';

  return (
    <Box sx={{ mt: 1, mb: 4, minWidth: 0 }}>
      <Title title="resources.promotional.title" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('resources.promotional.title')}
        </Typography>
        <Button
          variant="outlined"
          href={SITE_PATH}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon />}
          aria-label={translate('resources.promotional.preview_label')}
        >
          {translate('resources.promotional.preview')}
        </Button>
      </Box>
      <Card>
        <Tabs
          value={tab}
          onChange={(_, value: PromotionalTab) => setParams({ tab: value }, { replace: true })}
          aria-label={translate('resources.promotional.tabs_label')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          // react-admin's layout is min-width: fit-content: contain the row of tabs so it scrolls on a phone
          sx={{ contain: 'inline-size', borderBottom: 1, borderColor: 'divider' }}
        >
          {PROMOTIONAL_TABS.map((value) => (
            <Tab key={value} value={value} label={translate(`resources.promotional.tabs.${value}`)} id={`${tabsId}-${value}`} aria-controls={`${tabsId}-panel-${value}`} />
          ))}
        </Tabs>
        <CardContent role="tabpanel" id={`${tabsId}-panel-${tab}`} aria-labelledby={`${tabsId}-${tab}`}>
          {isPending ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : error || !data ? (
            <Alert severity="error">{translate('resources.promotional.load_failed')}</Alert>
          ) : (
            tabContent(tab, data, rights)
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
