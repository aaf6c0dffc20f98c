import { TitleInput } from '../common/TitleInput';

export const DistrictInputs = () => <TitleInput />;
