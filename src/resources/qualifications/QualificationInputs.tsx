import { TitleInput } from '../common/TitleInput';

export const QualificationInputs = () => <TitleInput />;
