import { TitleInput } from '../common/TitleInput';

export const SpecializationInputs = () => <TitleInput />;
