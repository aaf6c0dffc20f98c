import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadIcon from '@mui/icons-material/Upload';
import { Button, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider, LocationImportResult } from '../providers/dataProvider';

/** The columns and a few example rows, offered as a file to start from. */
const TEMPLATE = [
  'type,name,district,tehsil,lat,long',
  'district,Mardan,,,,',
  'tehsil,Takht Bhai,Mardan,,,',
  'vc,Lund Khwar,Mardan,Takht Bhai,34.2700,71.9500',
].join('\r\n');
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${TEMPLATE}\r\n`)}`;

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/**
 * Import districts, tehsils and VC areas from a CSV: Check (a dry run) lists every bad row with its
 * line before anything is written; Import, offered once the file checks clean, writes every row in one
 * transaction or none.
 */
export const LocationImport = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LocationImportResult | null>(null);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const { data, message } = await dataProvider.importLocations(file, dryRun);
      setResult(data);
      if (!dryRun) notify(message ?? 'app.notification.added', { type: 'success' });
    } catch (error) {
      notify(errorText(error), { type: 'error', autoHideDuration: 10_000 });
    } finally {
      setBusy(false);
    }
  };

  const checkedClean = result?.dry_run === true && result.errors.length === 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="app.import.title" />
      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>{translate('app.import.intro')}</Typography>
          <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', direction: 'ltr' }}>
            {TEMPLATE}
          </Box>
          <Link href={TEMPLATE_HREF} download="locations-template.csv">
            {translate('app.import.template')}
          </Link>
          <input
            ref={picker}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={translate('app.import.choose')}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
              e.target.value = '';
            }}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button label="app.import.choose" variant="outlined" onClick={() => picker.current?.click()} disabled={busy}>
              <AttachFileIcon />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file ? file.name : translate('app.import.no_file')}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button label="app.import.check" variant="contained" onClick={() => void run(true)} disabled={!file || busy}>
              <FactCheckIcon />
            </Button>
            <Button label="app.import.import" variant="contained" color="success" onClick={() => void run(false)} disabled={!checkedClean || busy}>
              <UploadIcon />
            </Button>
          </Box>
          {busy ? <LinearProgress aria-label={translate('app.import.working')} /> : null}
          {result ? <ImportResult result={result} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
};

const ImportResult = ({ result }: { result: LocationImportResult }) => {
  const translate = useTranslate();
  const counts = { rows: result.rows, districts: result.districts, tehsils: result.tehsils, areas: result.areas };
  if (!result.dry_run) return <Alert severity="success">{translate('app.import.done', counts)}</Alert>;
  if (!result.errors.length) return <Alert severity="info">{translate('app.import.ready', counts)}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity="warning">{translate('app.import.problems', { smart_count: result.errors.length })}</Alert>
      <Table size="small" aria-label={translate('app.import.problems_table')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.import.line')}</TableCell>
            <TableCell>{translate('app.import.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.errors.map((e) => (
            <TableRow key={`${e.line}-${e.message}`}>
              <TableCell>{e.line}</TableCell>
              <TableCell>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
