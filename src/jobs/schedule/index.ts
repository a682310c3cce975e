/**
 * Schedules: jobs a company asks to run on a calendar (cron in IST), run once per occurrence by whichever
 * server claims them, with runs missed while no server was up made at start.
 * @module
 */
export { scheduleCodes } from './codes.js';
export { nextOccurrence, readCron } from './cron.js';
export { previousPeriod, scheduleKinds, scheduleTypes, type PlannedRun, type ScheduleKind, type ScheduleRunContext, type ScheduleType } from './kinds.js';
export { newScheduleRow, readScheduleRequest, scheduleView, type ScheduleRequest } from './request.js';
export { createScheduler, nextRunOf, type Scheduler, type SchedulerOptions, type ScheduleRunReport } from './runner.js';
