/**
 * A vitest reporter that ends the run with each project's time: from its
 * first file's start to its last file's end, and the files' own times added
 * up (more than the first where files ran side by side). `npm test` adds it
 * beside the default reporter (scripts/test.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  start: number;
  end: number;
  files: number;
  filesMs: number;
}

export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTime>();

  onTestModuleStart(testModule: TestModule): void {
    this.started.set(testModule.moduleId + testModule.project.name, Date.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const end = Date.now();
    const start = this.started.get(testModule.moduleId + testModule.project.name) ?? end;
    const name = testModule.project.name || '(root)';
    const time = this.projects.get(name) ?? { start, end, files: 0, filesMs: 0 };
    time.start = Math.min(time.start, start);
    time.end = Math.max(time.end, end);
    time.files += 1;
    time.filesMs += testModule.diagnostic().duration;
    this.projects.set(name, time);
  }

  onTestRunEnd(): void {
    for (const [name, time] of this.projects) {
      const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
      console.log(
        `project time: ${name} ${seconds(time.end - time.start)} from its first file's start to its last's end (${time.files} files, ${seconds(time.filesMs)} of files' own time)`,
      );
    }
  }
}
