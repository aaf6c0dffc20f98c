import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { translate } from '../../i18n/authTranslate';
import { AuthTextField, type AuthTextFieldProps } from './AuthTextField';

/** A password text field with the show/hide toggle every auth screen has. */
export const PasswordField = (props: Omit<AuthTextFieldProps, 'type' | 'endAdornment'>) => {
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={translate(visible ? 'app.auth.hide_password' : 'app.auth.show_password')}
            onClick={() => setVisible((shown) => !shown)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};
