import { TitleInput } from '../common/TitleInput';

export const CityInputs = () => <TitleInput />;
