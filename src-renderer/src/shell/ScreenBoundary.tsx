import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StationError, StationErrorCode } from '../../../src-shared/ipc/station-error';
import { ErrorNote } from '../components/ErrorNote';
import type { StationConnection } from '../station-client';
import { retryFailedScreens } from './lazy-screen';

/**
 * A screen that fails to draw never blanks the station (docs/architecture.md, "Renderer", "No effect returns a
 * value"): without a boundary React unmounts the whole page on an error in a render, and only a reload helps. The
 * usual cause is a screen's chunk that could not be fetched (the station stopped, or updated under the page): the
 * screen's place says so in words (STATION_PAGE_NOT_LOADED, "Reload the page"), or, while the station is not
 * answering, only that the screen opens once it answers: the shell's banner says the rest (one box per problem). The status bar and the navigation stay;
 * another screen, or the station answering again, tries again.
 */
export class ScreenBoundary extends Component<{ screen: string; connection: StationConnection; shown: boolean; children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: { screen: string; connection: StationConnection }) {
    const moved = previous.screen !== this.props.screen;
    const back = previous.connection === 'lost' && this.props.connection === 'connected';
    if (this.state.error === undefined || !(moved || back)) return;
    retryFailedScreens();
    this.setState({ error: undefined });
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!this.props.shown) return null;
    if (this.props.connection === 'lost') return <ScreenWaits />;
    const shown =
      error instanceof StationError
        ? error
        : new StationError({ code: StationErrorCode.pageNotLoaded, message: error instanceof Error ? error.message : String(error) });
    return <ErrorNote error={shown} testId="screen-error" />;
  }
}

/** In place of a screen that waits for its station (no box: the shell's banner says why). */
function ScreenWaits() {
  const { t } = useTranslation();
  return (
    <p className="hint" data-testid="screen-waits">
      {t('screens.screenWaits')}
    </p>
  );
}
