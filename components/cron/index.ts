export { CronModal, CRON_MODAL_TITLE, CRON_MODAL_WIDTH, type CronModalProps } from './cron-modal';
export { CronInput, type CronInputProps } from './cron-input';
