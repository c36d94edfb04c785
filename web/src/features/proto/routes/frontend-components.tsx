import { Page } from '@/components/layout/page.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { IssueTimeline } from '../components/issue-timeline.js';
import { JournalistDashboard } from '../components/journalist-dashboard.js';
import { SearchDemo } from '../components/search-demo.js';

/** Spec §2 screen 18: three working demos on sample data, in keyboard-accessible tabs. */
export function FrontendComponentsRoute() {
  return (
    <Page title="Frontend Components Showcase" lead="Interactive demos of the building blocks for newsrooms, on invented sample data.">
      <Tabs defaultValue="timeline">
        <TabsList aria-label="Demos">
          <TabsTrigger value="timeline">Issue Timeline</TabsTrigger>
          <TabsTrigger value="search">Search Interface</TabsTrigger>
          <TabsTrigger value="dashboard">Journalist Dashboard</TabsTrigger>
        </TabsList>
        <TabsContent value="timeline">
          <IssueTimeline />
        </TabsContent>
        <TabsContent value="search">
          <SearchDemo />
        </TabsContent>
        <TabsContent value="dashboard">
          <JournalistDashboard />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
